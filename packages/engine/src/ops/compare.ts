import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONVERT_PAGE_TIMEOUT_MS, JOB_TIMEOUT_MS, TOOLS } from '@quire/shared';
import type * as Mupdf from 'mupdf';
import { alignPages, type PageStep } from '../compare/align-pages.ts';
import { COMPARE_DPI, differingBoxes, drawPage, OVERLAY_DPI } from '../compare/compare-drawings.ts';
import { diffWords, type WordDiff } from '../compare/diff-words.ts';
import { readPageWords, type PageWord } from '../compare/read-page-words.ts';
import type { ComparisonSummary, SummaryRow } from '../compare/summary-pages.ts';
import { writeReport, type MarkedBox, type ReportPage } from '../compare/write-report.ts';
import { openAuthenticated } from '../mupdf/edit-pdf.ts';
import { loadMupdf, type MupdfModule } from '../mupdf/load-mupdf.ts';
import { inspectPdf, type PdfInfo } from '../qpdf/inspect-pdf.ts';
import { prepareRenderSource } from '../render/prepare-render-source.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import type { EngineOp, InputFile } from './types.ts';

/** The time two documents get for their words and the report; each page of both adds `CONVERT_PAGE_TIMEOUT_MS`. */
const BASE_TIMEOUT_MS = 2 * JOB_TIMEOUT_MS;

/**
 * What a job of this tool costs (`estimateWork`, pages of both files): pdftotext reads each page's words in a few
 * milliseconds; pages with the same words are drawn at 72 DPI (both versions), and each page that differs is copied
 * into the report. Set from `npm run bench work-estimates -- --tools compare --max-pages 14` (each corpus file against
 * a copy qpdf wrote anew: every page read, paired and drawn) on a 2-core machine at load 12: 40 ms a page had the
 * median job at ×1.26 its estimate and the 14-page paper at ×3.1; drawing scans (the Vicksburg scan, 7.2 s for 6
 * pages) costs more than pages count for.
 */
export const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 600, perPageMs: 100, perContentMiBMs: 300 };

/**
 * Compare PDFs: what changed from `file-0` (the original) to `file-1` (the changed version), as a PDF report. Each
 * page's words are read in reading order with their boxes (`readPageWords`); the pages of the two are set side by
 * side by their content (`alignPages`: a page inserted or removed in the middle leaves the later pages paired with
 * their own versions); the words of each pair are compared (`diffWords`: inserted, deleted, changed); pairs with the
 * same words are drawn and compared pixel by pixel (`differingBoxes`), so that a picture, a line or a colour changed is
 * found too. The report (`writeReport`) opens with a summary in `reportLanguage`, then shows each page that differs,
 * both versions side by side, marked in colour. Identical files say so on a page of their own.
 */
export const compare: EngineOp<'compare'> = async ({ files, options }, ctx) => {
  const startedAt = Date.now();
  ctx.setTimeLimit?.(BASE_TIMEOUT_MS);
  ctx.onProgress?.('reading');
  const inputs = files.map((file, index) => ({ ...file, index }));
  const infos: PdfInfo[] = [];
  // One after the other: of two files that fail, the first one is named.
  for (const file of inputs) infos.push(await inspectPdf(file, file.index, ctx, TOOLS.compare.maxPages));
  await declarePdfWork(WORK_RATES, infos, ctx);
  const totalPages = infos.reduce((sum, info) => sum + info.pageCount, 0);
  const limitMs = Math.min(ctx.timeoutMs, BASE_TIMEOUT_MS + totalPages * CONVERT_PAGE_TIMEOUT_MS);
  ctx.setTimeLimit?.(limitMs);
  const timeLeft = () => Math.max(1, startedAt + limitMs - Date.now());

  const sources: string[] = [];
  for (const [index, file] of inputs.entries()) {
    // Each file's decrypted copy in a folder of its own: both may be protected.
    const workDir = join(ctx.workDir, `source-${index}`);
    await mkdir(workDir, { recursive: true });
    sources.push(await prepareRenderSource(file, index, infos[index]!, { ...ctx, workDir }));
  }
  // The same file sent twice is told the same without reading it.
  const isSameFile = await haveSameBytes(inputs[0]!, inputs[1]!);
  const words: PageWord[][][] = [];
  for (const [index, file] of inputs.entries()) {
    words.push(
      isSameFile
        ? Array.from({ length: infos[index]!.pageCount }, () => [])
        : await readPageWords(sources[index]!, infos[index]!.pageCount, file, ctx.workDir, {
            signal: ctx.signal,
            timeoutMs: timeLeft(),
          }),
    );
  }
  const [oldWords, newWords] = words as [PageWord[][], PageWord[][]];
  const steps: PageStep[] = isSameFile
    ? oldWords.map((_, page) => ({ kind: 'pair', old: page, new: page }))
    : alignPages(
        oldWords.map((page) => page.map((word) => word.key)),
        newWords.map((page) => page.map((word) => word.key)),
      );

  ctx.onProgress?.('processing', { done: 0, total: steps.length });
  const mupdf = await loadMupdf();
  const opened = inputs.map((file, index) =>
    openAuthenticated(mupdf, sources[index]!, undefined, file.name, 'could not be compared'),
  );
  try {
    const documents = { old: opened[0]!.pdf, new: opened[1]!.pdf };
    const found = findDifferences(mupdf, documents, { old: oldWords, new: newWords }, steps, {
      isSameFile,
      signal: ctx.signal,
      onStep: (done) => ctx.onProgress?.('processing', { done, total: steps.length }),
    });
    const summary: ComparisonSummary = {
      oldName: inputs[0]!.name,
      newName: inputs[1]!.name,
      oldPages: infos[0]!.pageCount,
      newPages: infos[1]!.pageCount,
      ...found.totals,
      rows: found.rows,
    };
    ctx.onProgress?.('writing');
    const bytes = writeReport(mupdf, documents, summary, found.pages, options.reportLanguage, ctx.signal);
    const outputPath = join(ctx.workDir, 'comparison.pdf');
    await writeFile(outputPath, bytes);
    return {
      path: outputPath,
      report: {
        values: {
          wordsInserted: summary.inserted,
          wordsDeleted: summary.deleted,
          wordsChanged: summary.changed,
          pagesChanged: found.rows.length,
          pagesInserted: summary.pagesInserted,
          pagesDeleted: summary.pagesDeleted,
          pagesDrawingOnly: summary.pagesDrawingOnly,
        },
        notices: [
          ...infos.flatMap((info, fileIndex) =>
            info.wasRepaired ? [{ code: 'FILE_REPAIRED' as const, fileIndex }] : [],
          ),
          // The report shows the pages of a protected file, and has no password itself.
          ...passwordNotices(infos),
        ],
      },
    };
  } finally {
    for (const each of opened) each.close();
  }
};

type Sides<T> = { readonly old: T; readonly new: T };

/**
 * Walks the pages side by side: each pair's words compared, pairs with the same words drawn and compared, each step
 * that differs given its report page and its row of the summary, and every figure added up.
 */
function findDifferences(
  mupdf: MupdfModule,
  documents: Sides<Mupdf.PDFDocument>,
  words: Sides<PageWord[][]>,
  steps: readonly PageStep[],
  run: { isSameFile: boolean; signal: AbortSignal; onStep: (done: number) => void },
): {
  pages: ReportPage[];
  rows: SummaryRow[];
  totals: Omit<ComparisonSummary, 'oldName' | 'newName' | 'oldPages' | 'newPages' | 'rows'>;
} {
  const pages: ReportPage[] = [];
  const rows: SummaryRow[] = [];
  const totals = {
    inserted: 0,
    deleted: 0,
    changed: 0,
    pagesInserted: 0,
    pagesDeleted: 0,
    pagesDrawingOnly: 0,
  };
  steps.forEach((step, done) => {
    if (run.signal.aborted) throw run.signal.reason;
    run.onStep(done);
    if (run.isSameFile) return;
    if (step.kind === 'removed') {
      const marks = words.old[step.old]!.map((word) => ({ box: word.box, mark: 'deleted' as const }));
      pages.push({ kind: 'removed', old: step.old, marks });
      rows.push({ kind: 'removed', old: step.old });
      totals.deleted += marks.length;
      totals.pagesDeleted += 1;
      return;
    }
    if (step.kind === 'inserted') {
      const marks = words.new[step.new]!.map((word) => ({ box: word.box, mark: 'inserted' as const }));
      pages.push({ kind: 'inserted', new: step.new, marks });
      rows.push({ kind: 'inserted', new: step.new });
      totals.inserted += marks.length;
      totals.pagesInserted += 1;
      return;
    }
    const oldPage = words.old[step.old]!;
    const newPage = words.new[step.new]!;
    const diff = diffWords(
      oldPage.map((word) => word.key),
      newPage.map((word) => word.key),
    );
    if (diff.inserted + diff.deleted + diff.changed > 0) {
      pages.push({
        kind: 'words',
        old: step.old,
        new: step.new,
        oldMarks: markedBoxes(oldPage, diff.old),
        newMarks: markedBoxes(newPage, diff.new),
      });
      rows.push({
        kind: 'pair',
        old: step.old,
        new: step.new,
        ...counts(diff),
        isDrawingOnly: false,
        changes: diff.hunks.map((hunk) => ({
          old: textOf(oldPage, hunk.oldFrom, hunk.oldCount),
          new: textOf(newPage, hunk.newFrom, hunk.newCount),
        })),
      });
      totals.inserted += diff.inserted;
      totals.deleted += diff.deleted;
      totals.changed += diff.changed;
      return;
    }
    const boxes = differingBoxes(
      drawPage(mupdf, documents.old, step.old, COMPARE_DPI),
      drawPage(mupdf, documents.new, step.new, COMPARE_DPI),
      COMPARE_DPI,
    );
    if (boxes.length === 0) return;
    pages.push({
      kind: 'drawing',
      old: step.old,
      new: step.new,
      boxes,
      drawings: {
        old: drawPage(mupdf, documents.old, step.old, OVERLAY_DPI),
        new: drawPage(mupdf, documents.new, step.new, OVERLAY_DPI),
        dpi: OVERLAY_DPI,
      },
    });
    rows.push({
      kind: 'pair',
      old: step.old,
      new: step.new,
      ...counts(diff),
      isDrawingOnly: true,
      changes: [],
    });
    totals.pagesDrawingOnly += 1;
  });
  run.onStep(steps.length);
  return { pages, rows, totals };
}

function counts(diff: WordDiff): { inserted: number; deleted: number; changed: number } {
  return { inserted: diff.inserted, deleted: diff.deleted, changed: diff.changed };
}

/** The words of a page from `from`, `count` of them, as one text. */
function textOf(words: readonly PageWord[], from: number, count: number): string {
  return words
    .slice(from, from + count)
    .map((word) => word.text)
    .join(' ');
}

function markedBoxes(words: readonly PageWord[], marks: WordDiff['old']): MarkedBox[] {
  return words.flatMap((word, index) => {
    const mark = marks[index];
    return mark && mark !== 'same' ? [{ box: word.box, mark }] : [];
  });
}

/** Whether two uploads are the same bytes (the same file sent twice): then nothing is compared. */
async function haveSameBytes(first: InputFile, second: InputFile): Promise<boolean> {
  if ((await stat(first.path)).size !== (await stat(second.path)).size) return false;
  const [one, two] = await Promise.all([hashOf(first.path), hashOf(second.path)]);
  return one === two;
}

function hashOf(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}
