/**
 * The one document shape every content input format turns into (`rich-text.tsx` renders it):
 * Markdown strings (Storyblok's markdown field) and Storyblok's rich-text JSON (ADR 217).
 */
export type RichInline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em' | 'strike' | 'underline' | 'sup' | 'sub'; children: RichInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: RichInline[] }
  | { type: 'break' };

export type RichBlock =
  | { type: 'paragraph'; children: RichInline[] }
  | { type: 'heading'; level: 2 | 3 | 4; children: RichInline[] }
  | { type: 'list'; ordered: boolean; items: RichInline[][] }
  | { type: 'table'; head: RichInline[][]; rows: RichInline[][][] }
  | { type: 'quote'; blocks: RichBlock[] }
  | { type: 'code'; text: string }
  | { type: 'rule' }
  | { type: 'image'; src: string; alt: string; width?: number; height?: number };

export interface RichDocument {
  blocks: RichBlock[];
}

/** An input format: recognises its values and parses them into the document. */
export interface RichTextFormat {
  name: string;
  accepts(value: unknown): boolean;
  parse(value: unknown): RichDocument;
}

function inlineText(nodes: readonly RichInline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text;
        case 'break':
          return '\n';
        default:
          return inlineText(node.children);
      }
    })
    .join('');
}

/** The words of one block without markup. */
export function blockText(block: RichBlock): string {
  switch (block.type) {
    case 'list':
      return block.items.map(inlineText).join('\n');
    case 'table':
      return [block.head, ...block.rows].map((row) => row.map(inlineText).join(' ')).join('\n');
    case 'quote':
      return block.blocks.map(blockText).join('\n\n');
    case 'code':
      return block.text;
    case 'rule':
      return '';
    case 'image':
      return block.alt;
    default:
      return inlineText(block.children);
  }
}

/** The words of a document without markup: for attributes, search and document titles. */
export function documentText(document: RichDocument): string {
  return document.blocks.map(blockText).join('\n\n');
}
