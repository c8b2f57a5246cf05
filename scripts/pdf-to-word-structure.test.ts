// PDF to Word is read in stages (packages/engine/src/pdf-to-word/README.md): this keeps its files free of import
// circles, its stages free of circles between them, and its functions short enough to read at once.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../packages/engine/src/pdf-to-word/', import.meta.url).pathname;
/** The longest a function may be, in lines from its first to its last (issue 31: none over 100). */
const MAX_FUNCTION_LINES = 100;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each file's relative imports inside the folder, type-only ones included (a type is a dependency to a reader). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const inside = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const targets: string[] = [];
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (!specifier?.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (inside.has(target)) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected parts of a graph with more than one member (or a member importing itself): circles. */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A file's stage: its first folder under pdf-to-word/ (the files at the top are the pipeline itself). */
function stageOf(file: string): string {
  const parts = relative(ROOT, file).split('/');
  return parts.length > 1 ? (parts[0] as string) : '(top)';
}

function longFunctions(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const long: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_FUNCTION_LINES) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)';
        long.push(`${relative(ROOT, file)}:${first + 1} ${name} (${last - first + 1} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

/**
 * The decimal literals in a file's code, with their lines (comments and strings aside): a fraction written where it is
 * used is a threshold that belongs in model/settings.ts (issue 31, item 4).
 */
function decimalLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isNumericLiteral(node) && node.getText(source).includes('.')) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${relative(ROOT, file)}:${line} ${node.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Where the thresholds live, and the builders of unit tests' layouts (not shipped). */
const SETTINGS_FILES = new Set(['model/settings.ts', 'model/test-layout.ts'].map((path) => join(ROOT, path)));

describe('PDF to Word structure', () => {
  const files = sourceFiles(ROOT);
  const graph = importGraph(files);

  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('has no import circles between its files', () => {
    expect(circles(graph).map((part) => part.map((file) => relative(ROOT, file)))).toEqual([]);
  });

  it('has no import circles between its stages', () => {
    const stages = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = stageOf(file);
      const to = targets.map(stageOf).filter((stage) => stage !== from);
      stages.set(from, [...new Set([...(stages.get(from) ?? []), ...to])]);
    }
    expect(circles(stages)).toEqual([]);
  });

  it('keeps every function within 100 lines', () => {
    expect(files.flatMap(longFunctions)).toEqual([]);
  });

  it('finds a fraction written in code, not one in a comment or a string (the check itself works)', () => {
    const text = "// at 0.5\nconst a = size * 0.8;\nconst b = '1.5';\nconst c = 2 * size;\n";
    expect(decimalLiterals(join(ROOT, 'example.ts'), text)).toEqual(['example.ts:2 0.8']);
  });

  it('keeps its fractional thresholds in model/settings.ts: no decimal literal in the stages', () => {
    const found = files
      .filter((file) => !SETTINGS_FILES.has(file))
      .flatMap((file) => decimalLiterals(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
