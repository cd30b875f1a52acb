import type { RichBlock, RichDocument, RichInline, RichTextFormat } from './document';

/**
 * Storyblok's rich-text field (ADR 217): the JSON document its editor saves and its delivery API
 * answers — `{ type: 'doc', content: [...] }` with block nodes (paragraph, heading, bullet_list,
 * ordered_list, list_item, blockquote, code_block, horizontal_rule, image, hard_break, emoji,
 * table) and text nodes carrying marks (bold, italic, strike, underline, code, link,
 * superscript, subscript; styling marks keep their words). Embedded components (`blok`) are not
 * content text and are left out. Unknown nodes keep their words.
 */
interface SbNode {
  type?: unknown;
  text?: unknown;
  content?: unknown;
  attrs?: Record<string, unknown>;
  marks?: unknown;
}

function nodes(value: unknown): SbNode[] {
  return Array.isArray(value)
    ? value.filter((n): n is SbNode => typeof n === 'object' && n !== null)
    : [];
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Where a link mark points, as the site's renderer understands it (a path, https, mailto). */
export function linkHref(attrs: Record<string, unknown> = {}): string {
  const anchor = str(attrs.anchor) ? `#${str(attrs.anchor)}` : '';
  const href = str(attrs.href).trim();
  switch (attrs.linktype) {
    case 'email':
      return href ? `mailto:${href.replace(/^mailto:/, '')}` : '';
    case 'story': {
      const story = attrs.story as { full_slug?: unknown } | undefined;
      const slug = str(story?.full_slug) || href;
      if (!slug) return anchor;
      return `${slug.startsWith('/') ? '' : '/'}${slug}${anchor}`;
    }
    default:
      return href ? `${href}${anchor}` : '';
  }
}

const WRAPPING_MARKS: Record<string, 'strong' | 'em' | 'strike' | 'underline' | 'sup' | 'sub'> = {
  bold: 'strong',
  strong: 'strong',
  italic: 'em',
  strike: 'strike',
  underline: 'underline',
  superscript: 'sup',
  subscript: 'sub',
};

function textNode(node: SbNode): RichInline[] {
  const text = str(node.text);
  if (!text) return [];
  const marks = nodes(node.marks);
  if (marks.some((m) => m.type === 'code')) {
    const link = marks.find((m) => m.type === 'link');
    const code: RichInline = { type: 'code', text };
    return link ? [{ type: 'link', href: linkHref(link.attrs), children: [code] }] : [code];
  }
  let out: RichInline[] = [{ type: 'text', text }];
  // Marks apply innermost first; the link wraps everything so its text keeps its emphasis.
  for (const mark of marks) {
    const wrap = typeof mark.type === 'string' ? WRAPPING_MARKS[mark.type] : undefined;
    if (wrap) out = [{ type: wrap, children: out }];
  }
  const link = marks.find((m) => m.type === 'link');
  if (link) out = [{ type: 'link', href: linkHref(link.attrs), children: out }];
  return out;
}

function inlines(content: unknown): RichInline[] {
  return nodes(content).flatMap((node): RichInline[] => {
    switch (node.type) {
      case 'text':
        return textNode(node);
      case 'hard_break':
        return [{ type: 'break' }];
      case 'emoji': {
        const emoji = str(node.attrs?.emoji) || (str(node.attrs?.name) && `:${node.attrs?.name}:`);
        return emoji ? [{ type: 'text', text: emoji }] : [];
      }
      case 'image':
      case 'blok':
        return [];
      default:
        return inlines(node.content);
    }
  });
}

/** A list item's paragraphs and nested lists as lines of one item. */
function listItem(node: SbNode): RichInline[] {
  const lines: RichInline[][] = nodes(node.content).flatMap((child): RichInline[][] => {
    if (child.type === 'bullet_list' || child.type === 'ordered_list') {
      return nodes(child.content).map((item) => [{ type: 'text', text: '• ' }, ...listItem(item)]);
    }
    return [inlines(child.content)];
  });
  return lines.flatMap((line, i) => (i === 0 ? line : [{ type: 'break' as const }, ...line]));
}

function imageSize(src: string): { width?: number; height?: number } {
  // Storyblok asset URLs carry the original size: …/f/{space}/{width}x{height}/{hash}/{name}
  const size = /\/f\/\d+\/(\d+)x(\d+)\//.exec(src);
  return size ? { width: Number(size[1]), height: Number(size[2]) } : {};
}

function table(node: SbNode): RichBlock {
  const rows = nodes(node.content).map((row) => ({
    header: nodes(row.content).every((cell) => cell.type === 'tableHeader'),
    cells: nodes(row.content).map((cell) => inlines(cell.content)),
  }));
  const [first, ...rest] = rows;
  if (first?.header) return { type: 'table', head: first.cells, rows: rest.map((r) => r.cells) };
  return { type: 'table', head: [], rows: rows.map((r) => r.cells) };
}

function blocks(content: unknown): RichBlock[] {
  return nodes(content).flatMap((node): RichBlock[] => {
    switch (node.type) {
      case 'paragraph': {
        const children = inlines(node.content);
        const images = nodes(node.content).filter((n) => n.type === 'image');
        const paragraph: RichBlock[] = children.length ? [{ type: 'paragraph', children }] : [];
        return [...paragraph, ...images.flatMap(image)];
      }
      case 'heading': {
        const level = Number(node.attrs?.level ?? 2);
        return [
          {
            type: 'heading',
            level: Math.min(4, Math.max(2, level + 1)) as 2 | 3 | 4,
            children: inlines(node.content),
          },
        ];
      }
      case 'bullet_list':
      case 'ordered_list':
        return [
          {
            type: 'list',
            ordered: node.type === 'ordered_list',
            items: nodes(node.content).map(listItem),
          },
        ];
      case 'blockquote':
        return [{ type: 'quote', blocks: blocks(node.content) }];
      case 'code_block':
        return [
          {
            type: 'code',
            text: nodes(node.content)
              .map((n) => str(n.text))
              .join(''),
          },
        ];
      case 'horizontal_rule':
        return [{ type: 'rule' }];
      case 'image':
        return image(node);
      case 'table':
        return [table(node)];
      case 'blok':
        return [];
      default: {
        const children = inlines(node.content);
        return children.length ? [{ type: 'paragraph', children }] : [];
      }
    }
  });
}

function image(node: SbNode): RichBlock[] {
  const src = str(node.attrs?.src);
  if (!src.startsWith('https://') && !src.startsWith('/')) return [];
  return [{ type: 'image', src, alt: str(node.attrs?.alt), ...imageSize(src) }];
}

export const storyblokFormat: RichTextFormat = {
  name: 'storyblok-richtext',
  accepts: (value) =>
    typeof value === 'object' &&
    value !== null &&
    (value as SbNode).type === 'doc' &&
    Array.isArray((value as SbNode).content),
  parse: (value): RichDocument => ({ blocks: blocks((value as SbNode).content) }),
};
