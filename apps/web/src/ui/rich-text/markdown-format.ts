import type { RichBlock, RichDocument, RichInline, RichTextFormat } from './document';

/**
 * The Markdown the content service's text fields use (Storyblok's markdown field): paragraphs,
 * headings, **bold**, *italic*, `code`, [links](url), lists and pipe tables. Anything else stays
 * text; HTML in content never becomes markup.
 */
// Emphasis follows CommonMark's flanking rule in short: no space just inside the markers, so
// "*165# (MTN) or *185#" stays text.
const INLINE = new RegExp(
  [
    String.raw`\*\*([^*]+)\*\*`,
    String.raw`__([^_]+)__`,
    '`([^`]+)`',
    String.raw`\[([^\]]+)\]\(([^)\s]+)\)`,
    String.raw`\*([^*\s](?:[^*]*[^*\s])?)\*(?!\w)`,
    String.raw`\b_([^_\s](?:[^_]*[^_\s])?)_\b`,
  ].join('|'),
  'g',
);

export function parseInline(text: string): RichInline[] {
  const out: RichInline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const index = match.index ?? 0;
    if (index > last) out.push({ type: 'text', text: text.slice(last, index) });
    const [, bold, boldAlt, code, label, href, em, emAlt] = match;
    if (bold !== undefined || boldAlt !== undefined) {
      out.push({ type: 'strong', children: parseInline(bold ?? boldAlt ?? '') });
    } else if (code !== undefined) {
      out.push({ type: 'code', text: code });
    } else if (label !== undefined && href !== undefined) {
      out.push({ type: 'link', href, children: parseInline(label) });
    } else {
      out.push({ type: 'em', children: parseInline(em ?? emAlt ?? '') });
    }
    last = index + match[0].length;
  }
  if (last < text.length) out.push({ type: 'text', text: text.slice(last) });
  return out;
}

/** Lines joined by line breaks, as a single-line field is shown. */
export function parseLines(lines: readonly string[]): RichInline[] {
  return lines.flatMap((line, i) =>
    i === 0 ? parseInline(line) : [{ type: 'break' as const }, ...parseInline(line)],
  );
}

type LineKind = 'ul' | 'ol' | 'table' | 'heading' | 'text';

function kindOf(line: string): LineKind {
  if (/^\s*[-*+] /.test(line)) return 'ul';
  if (/^\s*\d+[.)] /.test(line)) return 'ol';
  if (line.trim().startsWith('|')) return 'table';
  if (/^#{1,6} /.test(line)) return 'heading';
  return 'text';
}

function cells(row: string): RichInline[][] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));
}

function block(kind: LineKind, lines: string[]): RichBlock[] {
  switch (kind) {
    case 'ul':
      return [
        {
          type: 'list',
          ordered: false,
          items: lines.map((l) => parseInline(l.replace(/^\s*[-*+] /, ''))),
        },
      ];
    case 'ol':
      return [
        {
          type: 'list',
          ordered: true,
          items: lines.map((l) => parseInline(l.replace(/^\s*\d+[.)] /, ''))),
        },
      ];
    case 'heading':
      return lines.map((line) => {
        const hashes = /^#+/.exec(line)?.[0].length ?? 1;
        const level = Math.min(4, Math.max(2, hashes + 1)) as 2 | 3 | 4;
        return { type: 'heading', level, children: parseInline(line.replace(/^#+ /, '')) };
      });
    case 'table': {
      const [head = '', separator = '', ...rows] = lines;
      if (!/^[\s|:-]+$/.test(separator))
        return [{ type: 'paragraph', children: parseLines(lines) }];
      return [{ type: 'table', head: cells(head), rows: rows.map(cells) }];
    }
    default:
      return [{ type: 'paragraph', children: parseLines(lines) }];
  }
}

export function parseMarkdown(text: string): RichDocument {
  const blocks: RichBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    // Consecutive lines of one kind, so a bold heading line can sit right above its list.
    let kind: LineKind | null = null;
    let lines: string[] = [];
    for (const line of chunk.split('\n')) {
      if (line.trim() === '') continue;
      const next = kindOf(line);
      if (kind !== null && next !== kind) {
        blocks.push(...block(kind, lines));
        lines = [];
      }
      kind = next;
      lines.push(line.trim());
    }
    if (kind !== null) blocks.push(...block(kind, lines));
  }
  return { blocks };
}

export const markdownFormat: RichTextFormat = {
  name: 'markdown',
  accepts: (value) => typeof value === 'string',
  parse: (value) => parseMarkdown(String(value)),
};
