/**
 * The one document shape every content input format turns into (`rich-text.tsx` renders it).
 * Markdown strings are the first format; Storyblok's rich-text JSON is the next one to plug in:
 * it only needs a parser into these nodes.
 */
export type RichInline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: RichInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: RichInline[] }
  | { type: 'break' };

export type RichBlock =
  | { type: 'paragraph'; children: RichInline[] }
  | { type: 'heading'; level: 2 | 3 | 4; children: RichInline[] }
  | { type: 'list'; ordered: boolean; items: RichInline[][] }
  | { type: 'table'; head: RichInline[][]; rows: RichInline[][][] };

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

/** The words of a document without markup: for attributes, search and document titles. */
export function documentText(document: RichDocument): string {
  return document.blocks
    .map((block) => {
      switch (block.type) {
        case 'list':
          return block.items.map(inlineText).join('\n');
        case 'table':
          return [block.head, ...block.rows].map((row) => row.map(inlineText).join(' ')).join('\n');
        default:
          return inlineText(block.children);
      }
    })
    .join('\n\n');
}
