import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  blockText,
  documentText,
  type RichBlock,
  type RichDocument,
  type RichInline,
  type RichTextFormat,
} from './document';
import { markdownFormat } from './markdown-format';
import { storyblokFormat } from './storyblok-format';

/**
 * The one renderer of content fields (ADR 050): every text that comes from the content service
 * goes through `RichText` (or `plainText` where only words fit, such as an `alt` attribute).
 * Input formats parse into one document shape; a format is added by appending it here.
 */
export const RICH_TEXT_FORMATS: RichTextFormat[] = [markdownFormat, storyblokFormat];

const MARK_TAGS = {
  strong: 'strong',
  em: 'em',
  strike: 's',
  underline: 'u',
  sup: 'sup',
  sub: 'sub',
} as const;

const EMPTY: RichDocument = { blocks: [] };

export function toDocument(value: unknown): RichDocument {
  if (value === null || value === undefined || value === '') return EMPTY;
  const format = RICH_TEXT_FORMATS.find((f) => f.accepts(value));
  return format ? format.parse(value) : EMPTY;
}

/** The words of a field, without markup. */
export function plainText(value: unknown): string {
  return documentText(toDocument(value)).trim();
}

function inline(nodes: readonly RichInline[]): ReactNode[] {
  return nodes.map((node, key) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={key} />;
      case 'code':
        return <code key={key}>{node.text}</code>;
      case 'link':
        // Site paths stay in the app; https opens a new window; mailto opens the mail app;
        // anything else is just text.
        return node.href.startsWith('/') ? (
          <Link key={key} to={node.href}>
            {inline(node.children)}
          </Link>
        ) : node.href.startsWith('https://') ? (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
            {inline(node.children)}
          </a>
        ) : node.href.startsWith('mailto:') ? (
          <a key={key} href={node.href}>
            {inline(node.children)}
          </a>
        ) : (
          <Fragment key={key}>{inline(node.children)}</Fragment>
        );
      default: {
        const Tag = MARK_TAGS[node.type];
        return <Tag key={key}>{inline(node.children)}</Tag>;
      }
    }
  });
}

function block(node: RichBlock, key: number): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{inline(node.children)}</p>;
    case 'heading': {
      const Heading = `h${node.level}` as const;
      return <Heading key={key}>{inline(node.children)}</Heading>;
    }
    case 'list': {
      const List = node.ordered ? 'ol' : 'ul';
      return (
        <List key={key}>
          {node.items.map((item, i) => (
            <li key={i}>{inline(item)}</li>
          ))}
        </List>
      );
    }
    case 'table':
      return (
        <table key={key}>
          <thead>
            <tr>
              {node.head.map((cell, i) => (
                <th key={i}>{inline(cell)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {node.rows.map((row, i) => (
              <tr key={i}>
                {row.map((cell, j) => (
                  <td key={j}>{inline(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'quote':
      return <blockquote key={key}>{node.blocks.map(block)}</blockquote>;
    case 'code':
      return (
        <pre key={key}>
          <code>{node.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={key} />;
    case 'image':
      // Sized from the asset URL where Storyblok puts it, so the page does not shift.
      return (
        <img
          key={key}
          src={node.src}
          alt={node.alt}
          width={node.width}
          height={node.height}
          loading="lazy"
          decoding="async"
          style={{ maxWidth: '100%', height: 'auto' }}
        />
      );
  }
}

/**
 * A content field. Block fields (bodies, answers, steps) render their paragraphs, lists and
 * tables inside a `div`; `inline` fields (titles, labels, notes) render their words and inline
 * marks only, inside the element the caller puts around them.
 */
export function RichText({
  value,
  inline: asInline = false,
  className,
}: {
  value: unknown;
  inline?: boolean;
  className?: string;
}) {
  const document = toDocument(value);
  if (document.blocks.length === 0) return null;
  if (asInline) {
    const parts = document.blocks.flatMap((b, i): RichInline[] => {
      const children: RichInline[] =
        b.type === 'list'
          ? b.items.flatMap((item, j) => (j === 0 ? item : [{ type: 'break' as const }, ...item]))
          : b.type === 'paragraph' || b.type === 'heading'
            ? b.children
            : [{ type: 'text' as const, text: blockText(b) }];
      return i === 0 ? children : [{ type: 'break' }, ...children];
    });
    return <>{inline(parts)}</>;
  }
  return <div className={className}>{document.blocks.map(block)}</div>;
}
