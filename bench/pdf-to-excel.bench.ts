// npm run bench pdf-to-excel: the structure of the tables PDF to Excel finds, against tables of the corpus written
// down by hand (data/hand-written-tables.json), with the adjacency-relation measure of the ICDAR 2013 table
// competition: each cell's nearest non-empty neighbour to the right and below, compared as text. Precision, recall
// and F1 per page, per document (its pages together) and in total, for the tuning set and the held-out set apart
// (tune on the first only). `-- --show tuning` prints the tables found on the tuning pages, to see why a relation
// was missed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath, isPublishedDocument, publishedDocumentPath } from '@quire/corpus';
import {
  findDocumentTables,
  loadMupdf,
  precisionRecallF1,
  scorePage,
  sumScores,
  toTextGrid,
  type Score,
  type TextGrid,
} from '@quire/engine';
import { formatTable } from './measure.ts';

type TruthPage = {
  /** A corpus name, or `npm:<package>@<version>/<path>` for a document published in an npm package. */
  file: string;
  /** The published document's sha256 (corpus files are checked against the manifest). */
  sha256?: string;
  page: number;
  set: 'tuning' | 'held-out';
  /** The kind of document, for a subtotal (the real government statistics of issue 34's goal). */
  kind?: string;
  tables: TextGrid[];
};

const documentPath = (entry: TruthPage) =>
  isPublishedDocument(entry.file)
    ? publishedDocumentPath(entry.file, entry.sha256 ?? '')
    : corpusPath(entry.file);
const shortName = (file: string) => file.replace(/^pdf\//, '').replace(/^npm:.*\//, '');

const truth = JSON.parse(
  readFileSync(join(import.meta.dirname, 'data', 'hand-written-tables.json'), 'utf8'),
) as {
  pages: TruthPage[];
};
const showIndex = process.argv.indexOf('--show');
const show = showIndex >= 0 ? process.argv[showIndex + 1] : undefined;

const mupdf = await loadMupdf();
const share = (value: number) => value.toFixed(3);
const scoreRow = (name: string, score: Score) => {
  const { precision, recall, f1 } = precisionRecallF1(score);
  return [
    name,
    String(score.truth),
    String(score.found),
    String(score.correct),
    share(precision),
    share(recall),
    share(f1),
  ];
};

for (const set of ['tuning', 'held-out'] as const) {
  const rows = [['document, page', 'truth', 'found', 'correct', 'precision', 'recall', 'F1']];
  const scores: Score[] = [];
  for (const entry of truth.pages.filter((page) => page.set === set)) {
    const document = mupdf.Document.openDocument(readFileSync(documentPath(entry)), 'application/pdf');
    try {
      const { tables } = await findDocumentTables(mupdf, document, [entry.page], () => undefined);
      const grids = tables.map(toTextGrid);
      const score = scorePage(entry.tables, grids);
      scores.push(score);
      rows.push(scoreRow(`${shortName(entry.file)} p. ${entry.page}`, score));
      if (show === set) {
        console.log(`\n${entry.file} p. ${entry.page}: ${grids.length} tables`);
        for (const grid of grids) console.log(grid.map((row) => row.join(' | ')).join('\n'), '\n');
      }
    } finally {
      document.destroy();
    }
  }
  // Each document, its pages together; then each kind of document.
  const ofSet = truth.pages.filter((page) => page.set === set);
  const subtotal = (name: string, pages: readonly TruthPage[]) =>
    rows.push(scoreRow(name, sumScores(pages.map((page) => scores[ofSet.indexOf(page)] as Score))));
  for (const file of new Set(ofSet.map((page) => page.file))) {
    const pages = ofSet.filter((page) => page.file === file);
    if (pages.length >= 2) subtotal(`${shortName(file)}, ${pages.length} pages`, pages);
  }
  for (const kind of new Set(ofSet.flatMap((page) => page.kind ?? []))) {
    const pages = ofSet.filter((page) => page.kind === kind);
    subtotal(`${kind}, ${pages.length} pages`, pages);
  }
  rows.push(scoreRow('total', sumScores(scores)));
  console.log(`\nPDF to Excel, table structure (ICDAR 2013 adjacency relations), ${set} set\n`);
  console.log(formatTable(rows));
}
console.log(
  '\ntruth: relations of the tables written by hand; found: relations of the found tables paired with them (each ' +
    'truth table with the found table of its page sharing the most); correct: relations both have.',
);
