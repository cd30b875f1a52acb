/**
 * The critical CSS of a server-rendered page (ADR 183): the rules of the build's one stylesheet
 * that can match the page's HTML, sent inline, so the first paint waits for no stylesheet and the
 * HTML stays small. The build's class names are CSS-module names (`_header_1timt_1`), so "can
 * match" is read from classes: a rule is kept when its selector names no class, or names a class
 * some element of the page carries. That keeps more than the page needs (`.a .b` with `.b`
 * absent), never less; at-rules other than `@media` / `@supports` (keyframes, font faces) are
 * always kept.
 */

type Block =
  | { kind: 'rule'; text: string; classes: string[] }
  | { kind: 'group'; head: string; blocks: Block[] };

export interface StyleSheet {
  blocks: Block[];
}

/** Attribute selectors and `:not(…)` name classes a matching element need not carry. */
const NOT_REQUIRED = /\[[^\]]*\]|:not\((?:[^()]|\([^()]*\))*\)/g;
const CLASS_NAME = /\.(-?[_a-zA-Z][\w-]*)/g;

function selectorClasses(prelude: string): string[] {
  const plain = prelude.replace(NOT_REQUIRED, '');
  return [...plain.matchAll(CLASS_NAME)].map((m) => m[1]!);
}

/** The end (index after `}`) of the block whose `{` is at `open`; strings and comments skipped. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = skipString(css, i);
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
    } else if (c === '{') {
      depth += 1;
    } else if (c === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return css.length;
}

function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i += 1) {
    if (css[i] === '\\') i += 1;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

function parseBlocks(css: string): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i]!)) i += 1;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 2;
      continue;
    }
    const open = findOpen(css, i);
    if (open === -1) {
      // A statement at-rule (`@charset …;`, `@import …;`) or a stray tail: kept as it is.
      blocks.push({ kind: 'rule', text: css.slice(i), classes: [] });
      break;
    }
    const prelude = css.slice(i, open);
    const semicolon = prelude.indexOf(';');
    if (prelude.startsWith('@') && semicolon !== -1) {
      blocks.push({ kind: 'rule', text: prelude.slice(0, semicolon + 1), classes: [] });
      i += semicolon + 1;
      continue;
    }
    const end = blockEnd(css, open);
    const text = css.slice(i, end);
    if (/^@(media|supports)\b/i.test(prelude)) {
      blocks.push({
        kind: 'group',
        head: prelude,
        blocks: parseBlocks(css.slice(open + 1, end - 1)),
      });
    } else if (prelude.startsWith('@')) {
      blocks.push({ kind: 'rule', text, classes: [] });
    } else {
      blocks.push({ kind: 'rule', text, classes: selectorClasses(prelude) });
    }
    i = end;
  }
  return blocks;
}

function findOpen(css: string, from: number): number {
  for (let i = from; i < css.length; i += 1) {
    const c = css[i];
    if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === '{') return i;
  }
  return -1;
}

export function parseStyleSheet(css: string): StyleSheet {
  return { blocks: parseBlocks(css) };
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** The classes the elements of an HTML fragment carry. */
export function htmlClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function pick(blocks: Block[], classes: Set<string>): string {
  let out = '';
  for (const block of blocks) {
    if (block.kind === 'group') {
      const inner = pick(block.blocks, classes);
      if (inner) out += `${block.head}{${inner}}`;
    } else if (block.classes.length === 0 || block.classes.some((name) => classes.has(name))) {
      out += block.text;
    }
  }
  return out;
}

/** The rules of `sheet` that can match an element of `html`, in the sheet's order. */
export function criticalCss(sheet: StyleSheet, html: string): string {
  return pick(sheet.blocks, htmlClasses(html));
}
