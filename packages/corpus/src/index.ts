import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shared corpus of real documents written by others (`../shared/corpus` beside the repository, or
 * `QUIRE_CORPUS_DIR`). Tests and benchmarks are driven by its MANIFEST.tsv, and every file is checked against its
 * sha256 on first use so that a changed file fails loudly. The files are never copied into the repository.
 */
export type CorpusGroup = 'pdf' | 'word' | 'office' | 'images' | 'bad';

export type CorpusEntry = {
  /** Path relative to the corpus, as in the manifest (`pdf/…`). */
  name: string;
  group: CorpusGroup;
  bytes: number;
  /** Page count from the manifest; null for non-PDFs and unreadable files. */
  pages: number | null;
  features: string[];
  expected: string;
  sha256: string;
};

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export const CORPUS_DIR = process.env.QUIRE_CORPUS_DIR ?? resolve(REPO_ROOT, '../shared/corpus');

let entries: CorpusEntry[] | null = null;
const verified = new Set<string>();

export function corpusEntries(): CorpusEntry[] {
  entries ??= readManifest();
  return entries;
}

export function corpusEntry(name: string): CorpusEntry {
  const entry = corpusEntries().find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`${name} is not in the corpus manifest`);
  return entry;
}

/** The absolute path of a corpus file, after checking its sha256 against the manifest. */
export function corpusPath(name: string): string {
  const entry = corpusEntry(name);
  const path = join(CORPUS_DIR, entry.name);
  if (!verified.has(name)) {
    const actual = createHash('sha256').update(readFileSync(path)).digest('hex');
    if (actual !== entry.sha256)
      throw new Error(`${name} changed: sha256 ${actual}, manifest ${entry.sha256}`);
    verified.add(name);
  }
  return path;
}

/** The value of a `key=value` feature, such as the user password of an encrypted file. */
export function featureValue(entry: CorpusEntry, key: string): string | undefined {
  const prefix = `${key}=`;
  return entry.features.find((feature) => feature.startsWith(prefix))?.slice(prefix.length);
}

export function hasFeature(entry: CorpusEntry, feature: string): boolean {
  return entry.features.includes(feature);
}

/** The damaged and hostile PDFs of the corpus's `bad` group. */
export function badPdfEntries(): CorpusEntry[] {
  return corpusEntries().filter((entry) => entry.group === 'bad' && entry.name.endsWith('.pdf'));
}

/** The manifest expects the file repaired, with no rejection allowed instead. */
export const mustRepair = (entry: CorpusEntry): boolean =>
  /^repair/.test(entry.expected) && !/or reject/.test(entry.expected);

/** The manifest expects the file rejected, with nothing else allowed instead. */
export const mustReject = (entry: CorpusEntry): boolean =>
  /^reject/.test(entry.expected) && !/\bor\b/.test(entry.expected);

function readManifest(): CorpusEntry[] {
  const manifest = join(CORPUS_DIR, 'MANIFEST.tsv');
  if (!existsSync(manifest)) {
    throw new Error(`The test corpus is missing: expected ${manifest} (set QUIRE_CORPUS_DIR to its folder).`);
  }
  const [header, ...rows] = readFileSync(manifest, 'utf8').trim().split('\n');
  const columns = (header ?? '').split('\t');
  const at = (cells: string[], column: string) => cells[columns.indexOf(column)] ?? '';
  return rows.map((row) => {
    const cells = row.split('\t');
    const name = at(cells, 'file');
    const pages = Number.parseInt(at(cells, 'pages'), 10);
    return {
      name,
      group: name.split('/')[0] as CorpusGroup,
      bytes: Number(at(cells, 'bytes')),
      pages: Number.isInteger(pages) ? pages : null,
      features: at(cells, 'features').split(',').filter(Boolean),
      expected: at(cells, 'expected'),
      sha256: at(cells, 'sha256'),
    };
  });
}
export * from './published.ts';
export * from './text-recall.ts';
