import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The small Markdown subset the content uses (paragraphs, **bold**, `code`, lists, pipe
 * tables, [links](url)), rendered to React elements: no HTML from content ever reaches the DOM.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  return <div className={className}>{blocks(text)}</div>;
}

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) out.push(text.slice(last, index));
    if (match[1] !== undefined) out.push(<strong key={key++}>{match[1]}</strong>);
    else if (match[2] !== undefined) out.push(<code key={key++}>{match[2]}</code>);
    else if (match[3] !== undefined && match[4] !== undefined) {
      const href = match[4];
      out.push(
        href.startsWith('/') ? (
          <Link key={key++} to={href}>
            {match[3]}
          </Link>
        ) : href.startsWith('https://') ? (
          <a key={key++} href={href} target="_blank" rel="noopener noreferrer">
            {match[3]}
          </a>
        ) : (
          match[3]
        ),
      );
    }
    last = index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());
}

type LineKind = 'ul' | 'ol' | 'table' | 'text';

function kindOf(line: string): LineKind {
  if (/^[-*] /.test(line)) return 'ul';
  if (/^\d+\. /.test(line)) return 'ol';
  if (line.trim().startsWith('|')) return 'table';
  return 'text';
}

/** Consecutive lines of one kind, so a bold heading line can sit right above its list. */
function groups(chunk: string): { kind: LineKind; lines: string[] }[] {
  const out: { kind: LineKind; lines: string[] }[] = [];
  for (const line of chunk.split('\n')) {
    const kind = kindOf(line);
    const last = out[out.length - 1];
    if (last && last.kind === kind) last.lines.push(line);
    else out.push({ kind, lines: [line] });
  }
  return out;
}

function block(kind: LineKind, lines: string[], key: string): ReactNode {
  if (kind === 'ul') {
    return (
      <ul key={key}>
        {lines.map((l, j) => (
          <li key={j}>{inline(l.slice(2))}</li>
        ))}
      </ul>
    );
  }
  if (kind === 'ol') {
    return (
      <ol key={key}>
        {lines.map((l, j) => (
          <li key={j}>{inline(l.replace(/^\d+\. /, ''))}</li>
        ))}
      </ol>
    );
  }
  if (kind === 'table' && lines.length >= 2) {
    const [head = '', , ...rows] = lines;
    return (
      <table key={key}>
        <thead>
          <tr>
            {cells(head).map((c, j) => (
              <th key={j}>{inline(c)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, j) => (
            <tr key={j}>
              {cells(r).map((c, k) => (
                <td key={k}>{inline(c)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <p key={key}>
      {lines.map((l, j) => (
        <Fragment key={j}>
          {j > 0 && <br />}
          {inline(l)}
        </Fragment>
      ))}
    </p>
  );
}

function blocks(text: string): ReactNode[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .flatMap((chunk, i) => groups(chunk).map((g, j) => block(g.kind, g.lines, `${i}-${j}`)));
}
