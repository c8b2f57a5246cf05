import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from 'tailwindcss';

/**
 * Finds what lays a page out by physical sides (left, right) instead of the logical ones (inline start, end) that
 * mirror in right-to-left languages. `physical-direction.test.ts` runs it over `packages/web/app`.
 *
 * Tailwind classes are judged by the CSS Tailwind really emits for them, so a logical utility (`ms-2`, `space-x-4`,
 * `rounded-s-lg`, which Tailwind 4 writes with `margin-inline-*` and friends) passes and a physical one (`ml-2`,
 * `text-left`, `translate-x-full`) fails, whatever its spelling or variant.
 */

/** A physical-direction use: the class or property, and the CSS declaration that makes it physical. */
export type PhysicalUse = { readonly what: string; readonly declaration: string };

const SIDE_PROPERTIES =
  /^(left|right|(margin|padding|scroll-margin|scroll-padding)-(left|right)|border-(left|right)(-[a-z]+)?|border-(top|bottom)-(left|right)-radius)$/;
const KEYWORD_PROPERTIES =
  /^(text-align|text-align-last|float|clear|justify-(content|items|self)|background|background-image|background-position-x|mask|--tw-gradient-position)$/;
/** Properties whose first value, when it is not a keyword, is the horizontal offset from the left. */
const POSITION_PROPERTIES =
  /^(transform-origin|perspective-origin|background-position|object-position|mask-position)$/;
const LEFT_OR_RIGHT = /(^|[^-\w])(left|right)($|[^-\w])/;
const FOUR_SIDE_SHORTHANDS =
  /^(margin|padding|inset|scroll-margin|scroll-padding|border-width|border-style|border-color)$/;
const NEGATIVE_NUMBER = /(^|[\s(*,])-\s*\d/;

/** `0`, `0px`, `-0%` or Tailwind's `calc(var(--spacing) * 0)`. */
function isZero(value: string): boolean {
  return /^(calc\(var\(--spacing\)\s*\*\s*)?-?0*\.?0+([a-z%]+)?\)?$/.test(value);
}

/** Splits a value on spaces outside parentheses. */
function tokensOf(value: string): string[] {
  const tokens: string[] = [];
  let depth = 0;
  let token = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (/\s/.test(char) && depth === 0) {
      if (token) tokens.push(token);
      token = '';
    } else token += char;
  }
  if (token) tokens.push(token);
  return tokens;
}

function hasHorizontalTransform(transform: string): boolean {
  for (const match of transform.matchAll(/(translate(?:x|3d)?|skew(?:x)?|scale(?:x|3d)?)\(([^,)]*)/g)) {
    const [, fn = '', first = ''] = match;
    const argument = first.trim();
    if (fn.startsWith('scale') ? NEGATIVE_NUMBER.test(argument) : !isZero(argument)) return true;
  }
  return false;
}

/** Whether one CSS declaration depends on the physical left and right. */
export function isPhysicalDeclaration(property: string, value: string): boolean {
  const name = property.trim().toLowerCase();
  const text = value.trim().toLowerCase();
  if (SIDE_PROPERTIES.test(name)) return true;
  if (KEYWORD_PROPERTIES.test(name)) return LEFT_OR_RIGHT.test(text);
  if (POSITION_PROPERTIES.test(name)) {
    const [x = 'center'] = tokensOf(text);
    return LEFT_OR_RIGHT.test(text) || !/^(center|top|bottom|50%|var\(.*|inherit|initial|unset)$/.test(x);
  }
  if (name === '--tw-translate-x' || name === '--tw-skew-x') return !isZero(text);
  if (name === '--tw-scale-x') return NEGATIVE_NUMBER.test(text);
  if (name === 'translate') return !text.includes('var(') && !isZero(tokensOf(text)[0] ?? '0');
  if (name === 'transform') return hasHorizontalTransform(text);
  if (FOUR_SIDE_SHORTHANDS.test(name)) {
    const sides = tokensOf(text);
    return sides.length === 4 && sides[1] !== sides[3];
  }
  if (name === 'border-radius') {
    return text.split('/').some((corners) => new Set(tokensOf(corners)).size > 1);
  }
  return false;
}

export type CssDeclaration = {
  /** The preludes of the enclosing blocks, outermost first (`@media …`, `.md\:end-0`). */
  readonly blocks: readonly string[];
  readonly property: string;
  readonly value: string;
};

/** The declarations of a style sheet, nested blocks included (Tailwind nests `@supports` inside rules). */
export function declarationsOf(css: string): CssDeclaration[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const declarations: CssDeclaration[] = [];
  const blocks: string[] = [];
  let buffer = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (char === '"' || char === "'") {
      const end = text.indexOf(char, index + 1);
      if (end === -1) break;
      buffer += text.slice(index, end + 1);
      index = end;
    } else if (char === '{') {
      blocks.push(buffer.trim());
      buffer = '';
    } else if (char === ';' || char === '}') {
      const statement = buffer.trim();
      buffer = '';
      const colon = statement.indexOf(':');
      if (colon > 0 && !statement.startsWith('@')) {
        const property = statement.slice(0, colon).trim();
        declarations.push({ blocks: [...blocks], property, value: statement.slice(colon + 1).trim() });
      }
      if (char === '}') blocks.pop();
    } else buffer += char;
  }
  return declarations;
}

/** The first class a selector names, unescaped: `.rtl\:-scale-x-100:where(…)` gives `rtl:-scale-x-100`. */
export function firstClassOf(selector: string): string | undefined {
  const match = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[-\w])+)/.exec(selector);
  return match?.[1]
    ?.replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\(.)/g, '$1');
}

/** Words of a source file that could be Tailwind classes; Tailwind itself ignores the ones that are not. */
export function candidatesOf(source: string): Set<string> {
  const candidates = new Set<string>();
  for (const word of source.split(/[\s'"`]+/)) {
    if (!word) continue;
    candidates.add(word);
    const trimmed = word.replace(/^[{}(),;]+|[{}(),;]+$/g, '');
    if (trimmed) candidates.add(trimmed);
  }
  return candidates;
}

/** The physical-direction classes among the candidates, with the CSS Tailwind emits for each. */
export async function findPhysicalClasses(
  candidates: Iterable<string>,
  themeCss = "@import 'tailwindcss';",
): Promise<PhysicalUse[]> {
  const compiler = await compile(themeCss, {
    base: APP_DIR,
    loadStylesheet: async (id, base) => {
      // Tailwind's own sheet, a package's (the font faces) or one of ours beside app.css, checked like the rest.
      const path = id.startsWith('.')
        ? join(base, id)
        : fileURLToPath(import.meta.resolve(id === 'tailwindcss' ? 'tailwindcss/index.css' : id));
      return { path, base: dirname(path), content: await readFile(path, 'utf8') };
    },
  });
  const wanted = new Set(candidates);
  const found = new Map<string, string>();
  for (const { blocks, property, value } of declarationsOf(compiler.build([...wanted]))) {
    if (!isPhysicalDeclaration(property, value)) continue;
    const name = blocks.map(firstClassOf).find((candidate) => candidate !== undefined);
    if (name && wanted.has(name) && !found.has(name)) found.set(name, `${property}: ${value}`);
  }
  return [...found].map(([what, declaration]) => ({ what, declaration }));
}

/** Physical properties in a style sheet of our own (not Tailwind output). */
export function findPhysicalCss(css: string): PhysicalUse[] {
  return declarationsOf(css)
    .filter(({ property, value }) => isPhysicalDeclaration(property, value))
    .map(({ property, value }) => ({ what: property, declaration: `${property}: ${value}` }));
}

/** Physical properties in the `style={{ … }}` objects of a component. */
export function findPhysicalInlineStyles(source: string): PhysicalUse[] {
  const uses: PhysicalUse[] = [];
  for (const [, body = ''] of source.matchAll(/style=\{\{([\s\S]*?)\}\}/g)) {
    for (const [, key = '', raw = ''] of body.matchAll(/([A-Za-z]+)\s*:\s*([^,]+)/g)) {
      const property = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const value = raw.trim().replace(/^['"`]|['"`]$/g, '');
      if (isPhysicalDeclaration(property, value))
        uses.push({ what: key, declaration: `${property}: ${value}` });
    }
  }
  return uses;
}

/** A physical-direction use in one file of the web app, the path relative to `packages/web/app`. */
export type PhysicalUseInFile = PhysicalUse & { readonly file: string };

const APP_DIR = fileURLToPath(new URL('../packages/web/app/', import.meta.url));
const SOURCE_FILE = /\.(ts|tsx|css)$/;
const TEST_FILE = /\.test\.(ts|tsx)$/;

/** Every `.ts`, `.tsx` and `.css` file of the web app except tests, with its text. */
export async function readWebAppSources(appDir = APP_DIR): Promise<Map<string, string>> {
  const sources = new Map<string, string>();
  for (const entry of await readdir(appDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !SOURCE_FILE.test(entry.name) || TEST_FILE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    sources.set(relative(appDir, path), await readFile(path, 'utf8'));
  }
  return sources;
}

/** Every physical-direction class, inline style and style sheet property of the given sources. */
export async function findPhysicalDirection(
  sources: ReadonlyMap<string, string>,
): Promise<PhysicalUseInFile[]> {
  const uses: PhysicalUseInFile[] = [];
  const filesOf = new Map<string, string[]>();
  for (const [file, source] of sources) {
    for (const candidate of candidatesOf(source))
      filesOf.set(candidate, [...(filesOf.get(candidate) ?? []), file]);
    if (file.endsWith('.css')) uses.push(...findPhysicalCss(source).map((use) => ({ ...use, file })));
    else uses.push(...findPhysicalInlineStyles(source).map((use) => ({ ...use, file })));
  }
  const theme = [...sources].find(([file]) => file === 'app.css')?.[1];
  for (const use of await findPhysicalClasses(filesOf.keys(), theme)) {
    for (const file of filesOf.get(use.what) ?? []) uses.push({ ...use, file });
  }
  return uses;
}
