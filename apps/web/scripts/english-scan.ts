import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds words the web app would show in English whatever the language (docs/decisions/142):
 * text written straight into JSX, string literals and templates given to user-visible props
 * (aria-label, title, placeholder, alt, label, hint, error, message…) or to object fields of
 * those names (`{ label: 'Home' }`), or rendered in `{…}`, and English fallbacks
 * (`x ?? 'Some words'`). Words that are the same in every language (brand names,
 * currency labels, the language names of the picker) are allowed by `SAME_IN_EVERY_LANGUAGE`.
 * Strings files (`*strings.ts`, `lib/i18n.ts`) are where words belong and are not scanned.
 */
export interface EnglishHit {
  file: string;
  line: number;
  text: string;
  kind: 'jsx-text' | 'prop' | 'rendered' | 'fallback' | 'call' | 'variable' | 'constant';
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
  // nameFromSlug(slug, 'Matches'): the fallback is the page's title.
  'nameFromSlug',
]);

/** Variables whose value is shown: `const title = live ? 'Live Now' : name`. */
const VISIBLE_VARIABLE =
  /^(title|label|heading|message|hint|error|text|caption)$|(Title|Label|Name|Text|Message)$/;

/** The variable a literal becomes (through `? :`, `??`, `||`, parentheses and templates). */
function visibleVariable(node: ts.Node): string | null {
  let current: ts.Node = node;
  while (
    ts.isConditionalExpression(current.parent) ||
    ts.isParenthesizedExpression(current.parent) ||
    // `Live ${name}`.trim()
    (ts.isPropertyAccessExpression(current.parent) && current.parent.name.text === 'trim') ||
    (ts.isCallExpression(current.parent) && current.parent.expression === current) ||
    ts.isTemplateSpan(current.parent) ||
    ts.isTemplateExpression(current.parent) ||
    (ts.isBinaryExpression(current.parent) &&
      (current.parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        current.parent.operatorToken.kind === ts.SyntaxKind.BarBarToken))
  ) {
    if (ts.isConditionalExpression(current.parent) && current.parent.condition === current) {
      return null;
    }
    current = current.parent;
  }
  const parent = current.parent;
  if (
    ts.isVariableDeclaration(parent) &&
    parent.initializer === current &&
    ts.isIdentifier(parent.name) &&
    VISIBLE_VARIABLE.test(parent.name.text)
  ) {
    return parent.name.text;
  }
  return null;
}

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
function looksLikeWords(text: string, visibleProp = false): boolean {
  const trimmed = text.trim();
  if (!/[A-Za-z]{2,}/.test(trimmed)) return false;
  if (SAME_IN_EVERY_LANGUAGE.has(trimmed)) return false;
  // `${title} | Dau`: only words the same in every language, and punctuation.
  const rest = trimmed
    .split(/[^A-Za-z-]+/)
    .filter((word) => word && !SAME_IN_EVERY_LANGUAGE.has(word));
  if (rest.length === 0) return false;
  // A visible prop's one lowercase word ("carousel") is read out as it is.
  if (visibleProp && /^[a-z]{2,}$/.test(trimmed)) return true;
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

/** The JSX attribute or object field a literal is given to, and which of the two it is. */
function propOf(node: ts.Node): { name: string; jsx: boolean } | null {
  let current: ts.Node = node;
  while (ts.isConditionalExpression(current.parent) || ts.isJsxExpression(current.parent)) {
    current = current.parent;
  }
  if (ts.isJsxAttribute(current.parent)) return { name: current.parent.name.getText(), jsx: true };
  // `{ label: 'Promotions' }`: an object's visible field, rendered by whoever takes the object.
  if (
    ts.isPropertyAssignment(current.parent) &&
    current.parent.initializer === current &&
    (ts.isIdentifier(current.parent.name) || ts.isStringLiteral(current.parent.name))
  ) {
    return { name: current.parent.name.text, jsx: false };
  }
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
  const hit = (node: ts.Node, text: string, kind: EnglishHit['kind'], jsxProp = false) => {
    if (!looksLikeWords(text, jsxProp)) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    hits.push({ file, line: line + 1, text: text.trim().replace(/\s+/g, ' '), kind });
  };
  // The domain's English messages (`@dau/domain/messages`) shown as they are.
  const englishConstants = new Set<string>();
  for (const statement of sf.statements) {
    if (
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === '@dau/domain/messages' &&
      statement.importClause?.namedBindings &&
      ts.isNamedImports(statement.importClause.namedBindings)
    ) {
      for (const element of statement.importClause.namedBindings.elements) {
        englishConstants.add(element.name.text);
      }
    }
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) hit(node, node.text, 'jsx-text');
    else if (
      ts.isIdentifier(node) &&
      englishConstants.has(node.text) &&
      !ts.isImportSpecifier(node.parent)
    ) {
      const prop = propOf(node);
      const callee = calleeName(node);
      const shown =
        prop !== null
          ? VISIBLE_PROPS.has(prop.name)
          : renderedInJsx(node) ||
            (callee !== null && VISIBLE_CALLS.has(callee)) ||
            visibleVariable(node) !== null;
      if (shown) {
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
        hits.push({ file, line: line + 1, text: node.text, kind: 'constant' });
      }
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const prop = propOf(node);
      const callee = calleeName(node);
      if (prop !== null) {
        if (VISIBLE_PROPS.has(prop.name)) hit(node, node.text, 'prop', prop.jsx);
      } else if (renderedInJsx(node)) hit(node, node.text, 'rendered');
      else if (isFallback(node) && /\s/.test(node.text.trim())) hit(node, node.text, 'fallback');
      else if (callee !== null && VISIBLE_CALLS.has(callee)) hit(node, node.text, 'call');
      else if (visibleVariable(node) !== null) hit(node, node.text, 'variable');
    } else if (ts.isTemplateExpression(node)) {
      // `Show ${title}`: the literal parts are words whether rendered or given to a visible prop.
      const text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
      const prop = propOf(node);
      if (prop !== null ? VISIBLE_PROPS.has(prop.name) : renderedInJsx(node)) {
        hit(node, text, prop !== null ? 'prop' : 'rendered');
      } else if (visibleVariable(node) !== null) hit(node, text, 'variable');
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
