import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds words the web app would show in English whatever the language (docs/decisions/142):
 * text written straight into JSX, string literals given to user-visible props (aria-label,
 * title, placeholder, alt, label, hint, error, message…) or rendered in `{…}`, and English
 * fallbacks (`x ?? 'Some words'`). Words that are the same in every language (brand names,
 * currency labels, the language names of the picker) are allowed by `SAME_IN_EVERY_LANGUAGE`.
 * Strings files (`*strings.ts`, `lib/i18n.ts`) are where words belong and are not scanned.
 */
export interface EnglishHit {
  file: string;
  line: number;
  text: string;
  kind: 'jsx-text' | 'prop' | 'rendered' | 'fallback' | 'call';
}

const VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'error',
  'message',
  'emptyText',
  'heading',
]);

/** Calls whose string arguments reach the user. */
const VISIBLE_CALLS = new Set([
  'notify',
  'setError',
  'setErrors',
  'setAmountError',
  'setPhoneError',
]);

export const SAME_IN_EVERY_LANGUAGE = new Set([
  'Dau',
  'M-Pesa',
  'MTN MoMo',
  'Airtel Money',
  'Messenger',
  'Kiswahili',
  'English',
  'KSh',
  'UGX',
  'TSh',
  'OK',
]);

/** Has a word of two letters or more, and is not an identifier-like token (a CSS class, a key). */
function looksLikeWords(text: string): boolean {
  const trimmed = text.trim();
  if (!/[A-Za-z]{2,}/.test(trimmed)) return false;
  if (SAME_IN_EVERY_LANGUAGE.has(trimmed)) return false;
  // kebab/camel/snake tokens, paths, URLs, CSS values: not words for people.
  if (/^[a-z0-9]+([-_.:/#?=&][a-z0-9]+)*[/]?$/i.test(trimmed) && !/^[A-Z][a-z]+$/.test(trimmed))
    return false;
  if (/^[a-z]+[A-Z][A-Za-z0-9]*$/.test(trimmed)) return false;
  if (/^(https?:|\/|#|\.|\$\{)/.test(trimmed)) return false;
  return true;
}

function isFallback(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isBinaryExpression(parent) &&
    parent.right === node &&
    (parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      parent.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  );
}

/** The JSX expression a literal is rendered through, looking past `? :`, `&&` and `??`. */
function renderedInJsx(node: ts.Node): boolean {
  let current: ts.Node = node;
  while (
    ts.isConditionalExpression(current.parent) ||
    ts.isParenthesizedExpression(current.parent) ||
    (ts.isBinaryExpression(current.parent) && current.parent.right === current)
  ) {
    current = current.parent;
  }
  return ts.isJsxExpression(current.parent) && !ts.isJsxAttribute(current.parent.parent);
}

function propName(node: ts.Node): string | null {
  let current: ts.Node = node;
  while (ts.isConditionalExpression(current.parent) || ts.isJsxExpression(current.parent)) {
    current = current.parent;
  }
  if (ts.isJsxAttribute(current.parent)) return current.parent.name.getText();
  return null;
}

function calleeName(node: ts.Node): string | null {
  const parent = node.parent;
  if (!ts.isCallExpression(parent) || !parent.arguments.includes(node as ts.Expression))
    return null;
  const callee = parent.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

export function scanSource(file: string, source: string): EnglishHit[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hits: EnglishHit[] = [];
  const hit = (node: ts.Node, text: string, kind: EnglishHit['kind']) => {
    if (!looksLikeWords(text)) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    hits.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' '), kind });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) hit(node, node.text, 'jsx-text');
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const prop = propName(node);
      const callee = calleeName(node);
      if (prop !== null) {
        if (VISIBLE_PROPS.has(prop)) hit(node, node.text, 'prop');
      } else if (renderedInJsx(node)) hit(node, node.text, 'rendered');
      else if (isFallback(node) && /\s/.test(node.text.trim())) hit(node, node.text, 'fallback');
      else if (callee !== null && VISIBLE_CALLS.has(callee)) hit(node, node.text, 'call');
    } else if (ts.isTemplateExpression(node) && renderedInJsx(node)) {
      const text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      hit(node, text, 'rendered');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'test' && name !== 'node_modules') out.push(...sourceFiles(full));
    } else if (
      /\.tsx?$/.test(name) &&
      !/\.test\.tsx?$/.test(name) &&
      !/strings\.ts$/.test(name) &&
      name !== 'i18n.ts' &&
      !name.endsWith('.d.ts')
    ) {
      out.push(full);
    }
  }
  return out;
}

/** Every hit under `root` (apps/web/src), with paths relative to it. */
export function scanWebApp(root: string): EnglishHit[] {
  return sourceFiles(root).flatMap((file) =>
    scanSource(path.relative(root, file), readFileSync(file, 'utf8')),
  );
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src');
  const hits = scanWebApp(root);
  for (const h of hits) process.stdout.write(`${h.file}:${h.line} [${h.kind}] ${h.text}\n`);
  process.stdout.write(`${hits.length} hits\n`);
}
