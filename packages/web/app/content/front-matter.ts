import { parse } from 'yaml';

/** Splits a Markdown file into its YAML front matter (between `---` lines at the top) and its body. */
export function splitFrontMatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file} has no front matter (a block between --- lines at the top)`);
  return { data: parse(match[1] ?? ''), body: match[2] ?? '' };
}
