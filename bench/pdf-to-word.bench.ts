// npm run bench pdf-to-word [-- --only <name part>,…] [--settings <file.json>] [--dump-plan <dir>] [--quire-only]: our PDF-to-Word converter (engine op, as a server worker runs it) against LibreOffice's
// PDF import (`--infilter=writer_pdf_import`), on every corpus PDF with a text layer. Per file and in total: word
// recall against the words poppler finds inside the pages' crop boxes (in total also counting the words of figures
// drawn as pictures, from the pictures' alternative text), share of text in text boxes or frames, Word
// tables on the table PDFs, visual similarity of the .docx rendered back to PDF by LibreOffice against the original
// (first pages), the page count of that rendering against the PDF's, hyperlinks written against the PDF's link
// annotations, and time; the totals also for each half of the files (tuning and checking: thresholds are to be set
// on the first and confirmed on the second). Every file is held to the op's floors (word recall, no text boxes or
// frames: `@quire/test-kit/word-recall-floors`, which the op's test applies to one file of each kind); a file below
// them is listed and the bench exits with status 1.
// `--settings <file.json>` runs our converter with other thresholds (`{ "tables": { "snap": 4 } }`: stages and names
// as in packages/engine/src/pdf-to-word/model/settings.ts). `--dump-plan <dir>` compares nothing: it writes each page's
// plan as JSON and as an SVG of the page with its blocks outlined by kind (`pdf-to-word-plan.ts`), then stops.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  corpusEntries,
  corpusPath,
  featureValue,
  hasFeature,
  popplerWords,
  recall,
  words,
  type CorpusEntry,
} from '@quire/corpus';
import { agreedWords, mupdfWords, pdfLinks, readDocx } from './docx-quality.ts';
import { formatTable, measureOp } from './measure.ts';
import { layoutSimilarity, renderGrey, similarity } from './page-similarity.ts';
import { tunePdfToWord, type PdfToWordOverrides } from '@quire/engine';
import { dumpPlan } from './pdf-to-word-plan.ts';
import { SETTINGS_ENV } from './op-runner-settings.ts';
import { MIN_WORD_RECALL, textFrameFaults, wordRecallFloor } from '@quire/test-kit/word-recall-floors';

/** The options a client that sends none gets: the language of scanned pages detected. */
const PDF_TO_WORD_OPTIONS = { language: 'auto' };
/** Pages compared for visual similarity, from the first. */
const VISUAL_PAGES = 3;
const MIN_TEXT_WORDS = 20;
/** LibreOffice's import of some files takes minutes; each soffice run is stopped after this long. */
const LIBREOFFICE_TIMEOUT_SECONDS = 120;

type Side = {
  recallFound: number;
  recallTotal: number;
  /** Words found in the text or in the pictures' alternative text (a figure drawn as a picture). */
  withPicturesFound: number;
  agreedFound: number;
  agreedTotal: number;
  boxedShare: number;
  tables: number;
  hyperlinks: number;
  visual: number;
  /** Layout similarity of every page (`layoutSimilarity`): 0 for blank pages. */
  layout: number;
  /** Pages of the .docx rendered back to PDF by LibreOffice (0 when it could not be rendered). */
  pagesBack: number;
  seconds: number;
};

/** `-- --only whisper,outline`: only the files whose names contain one of these (a quick look at a few). */
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex >= 0 ? (process.argv[onlyIndex + 1] ?? '').split(',').filter(Boolean) : [];
const entries = corpusEntries().filter(
  (entry) =>
    entry.group === 'pdf' &&
    !featureValue(entry, 'user-password') &&
    (only.length === 0 || only.some((part) => entry.name.includes(part))) &&
    popplerWords(corpusPath(entry.name)).length >= MIN_TEXT_WORDS,
);
/**
 * `-- --quire-only`: our converter alone, without LibreOffice's import to compare with (its side scores 0): the
 * import takes most of the bench's hour, and a change to our converter moves only our figures.
 */
const isQuireOnly = process.argv.includes('--quire-only');
const isTableFile = (entry: CorpusEntry) => hasFeature(entry, 'tables') || hasFeature(entry, 'table');

const settingsPath = optionValue('--settings');
if (settingsPath) {
  // Checked here, and handed to each converter process (`op-runner.ts`).
  tunePdfToWord(JSON.parse(await readFile(settingsPath, 'utf8')) as PdfToWordOverrides);
  process.env[SETTINGS_ENV] = settingsPath;
}
const dumpDir = optionValue('--dump-plan');
if (dumpDir) {
  for (const entry of entries) {
    const pages = await dumpPlan(corpusPath(entry.name), dumpDir);
    console.log(`${entry.name}: ${pages} pages planned into ${dumpDir}`);
  }
  process.exit(0);
}

/**
 * The half a file belongs to: thresholds are set on the tuning half and checked on the other. Every other corpus PDF
 * by name, whatever `--only` picks, so that a file stays in its half.
 */
const allPdfNames = corpusEntries()
  .filter((entry) => entry.group === 'pdf')
  .map((entry) => entry.name)
  .sort();
const halfOf = (entry: CorpusEntry) => (allPdfNames.indexOf(entry.name) % 2 === 0 ? 'tuning' : 'checking');

const timedOut: string[] = [];
/** Files our converter kept below the op's floors, and why (`word-recall-floors.ts`). */
const floorFailures: string[] = [];
const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-pdf-to-word-'));
try {
  const rows: string[][] = [
    [
      'file',
      'pages',
      'recall Q/LO',
      'agreed Q/LO',
      'in boxes Q/LO',
      'tables Q/LO',
      'links PDF: Q/LO',
      'visual Q/LO',
      'layout Q/LO',
      'pages back Q/LO',
      's Q/LO',
    ],
  ];
  const totals = { ours: [] as Side[], libre: [] as Side[], pages: 0, links: 0 };
  for (const [index, entry] of entries.entries()) {
    const path = corpusPath(entry.name);
    const pages = entry.pages ?? 1;
    const dir = join(workDir, String(index));
    mkdirSync(dir);
    const reference = popplerWords(path);
    const agreed = agreedWords(reference, mupdfWords(path));
    const originalRenders = renderGrey(path, VISUAL_PAGES, dir, 'original');
    const originalPages = renderGrey(path, pages, dir, 'page');
    const links = pdfLinks(path);

    const ours = measureOp('pdf-to-word', PDF_TO_WORD_OPTIONS, 1, dir, [path]);
    const libreDir = join(dir, 'libre');
    const libreSeconds = isQuireOnly
      ? 0
      : runSoffice(join(dir, 'profile-import'), [
          '--infilter=writer_pdf_import',
          '--convert-to',
          'docx:MS Word 2007 XML',
          '--outdir',
          libreDir,
          path,
        ]);
    const libreDocx = join(libreDir, basename(path).replace(/\.pdf$/i, '.docx'));
    if (libreSeconds === null) timedOut.push(entry.name);

    const sides: Side[] = [];
    for (const [label, docx, seconds] of [
      ['ours', ours.outputPath, ours.seconds[0] ?? 0],
      ['libre', libreDocx, libreSeconds ?? LIBREOFFICE_TIMEOUT_SECONDS],
    ] as const) {
      if (!existsSync(docx)) {
        sides.push({
          recallFound: 0,
          recallTotal: reference.length,
          withPicturesFound: 0,
          agreedFound: 0,
          agreedTotal: agreed.length,
          boxedShare: 1,
          tables: 0,
          hyperlinks: 0,
          visual: 0,
          layout: 0,
          pagesBack: 0,
          seconds,
        });
        continue;
      }
      const content = readDocx(docx, pages);
      const candidate = words(content.text);
      const score = recall(reference, candidate);
      const withPictures = recall(reference, words(`${content.text}\n${content.altText}`));
      if (label === 'ours') {
        // The op's floors, on every file (its test holds one file of each kind to them).
        const share = withPictures.total === 0 ? 1 : withPictures.found / withPictures.total;
        const faults = textFrameFaults(content.bodyXml);
        if (share < wordRecallFloor(entry.name)) {
          faults.push(
            `word recall ${percent(share)} under its floor of ${percent(wordRecallFloor(entry.name))}`,
          );
        }
        if (faults.length > 0) floorFailures.push(`${entry.name}: ${faults.join('; ')}`);
      }
      const agreedScore = recall(agreed, candidate);
      const renderDir = join(dir, `render-${label}`);
      runSoffice(join(dir, `profile-${label}`), ['--convert-to', 'pdf', '--outdir', renderDir, docx]);
      const rendered = join(renderDir, basename(docx).replace(/\.docx$/i, '.pdf'));
      const visual = existsSync(rendered)
        ? await similarity(originalRenders, renderGrey(rendered, VISUAL_PAGES, renderDir, label))
        : 0;
      const layout = existsSync(rendered)
        ? await layoutSimilarity(originalPages, renderGrey(rendered, pages, renderDir, `${label}-page`))
        : 0;
      sides.push({
        recallFound: score.found,
        recallTotal: score.total,
        withPicturesFound: withPictures.found,
        agreedFound: agreedScore.found,
        agreedTotal: agreedScore.total,
        boxedShare: content.boxedShare,
        tables: content.tables,
        hyperlinks: content.hyperlinks,
        visual,
        layout,
        pagesBack: existsSync(rendered) ? pageCount(rendered) : 0,
        seconds,
      });
    }
    const [oursSide, libreSide] = sides as [Side, Side];
    totals.ours.push(oursSide);
    totals.libre.push(libreSide);
    totals.pages += pages;
    totals.links += links;
    rows.push([
      entry.name.replace(/^pdf\//, ''),
      String(pages),
      `${percent(oursSide.recallFound / oursSide.recallTotal)}/${percent(libreSide.recallFound / libreSide.recallTotal)}`,
      `${percent(oursSide.agreedFound / oursSide.agreedTotal)}/${percent(libreSide.agreedFound / libreSide.agreedTotal)}`,
      `${percent(oursSide.boxedShare)}/${percent(libreSide.boxedShare)}`,
      isTableFile(entry) ? `${oursSide.tables}/${libreSide.tables}` : '',
      links > 0 ? `${links}: ${oursSide.hyperlinks}/${libreSide.hyperlinks}` : '',
      `${oursSide.visual.toFixed(2)}/${libreSide.visual.toFixed(2)}`,
      `${oursSide.layout.toFixed(2)}/${libreSide.layout.toFixed(2)}`,
      `${oursSide.pagesBack}/${libreSide.pagesBack}`,
      `${oursSide.seconds.toFixed(2)}/${libreSide.seconds.toFixed(2)}`,
    ]);
    console.error(`done ${entry.name}`);
  }

  const summary = (sides: Side[]) => ({
    recall:
      sides.reduce((sum, side) => sum + side.recallFound, 0) /
      sides.reduce((sum, side) => sum + side.recallTotal, 0),
    withPictures:
      sides.reduce((sum, side) => sum + side.withPicturesFound, 0) /
      sides.reduce((sum, side) => sum + side.recallTotal, 0),
    agreed:
      sides.reduce((sum, side) => sum + side.agreedFound, 0) /
      sides.reduce((sum, side) => sum + side.agreedTotal, 0),
    boxed: sides.reduce((sum, side) => sum + side.boxedShare, 0) / sides.length,
    visual: sides.reduce((sum, side) => sum + side.visual, 0) / sides.length,
    layout: sides.reduce((sum, side) => sum + side.layout, 0) / sides.length,
    hyperlinks: sides.reduce((sum, side) => sum + side.hyperlinks, 0),
    seconds: sides.reduce((sum, side) => sum + side.seconds, 0),
  });
  /** Files whose .docx, rendered back by LibreOffice, has its PDF's page count within one page. */
  const pagesKept = (sides: Side[]) =>
    sides.filter((side, index) => Math.abs(side.pagesBack - (entries[index]?.pages ?? 1)) <= 1).length;
  const ours = summary(totals.ours);
  const libre = summary(totals.libre);
  const halves = (['tuning', 'checking'] as const).map((half) => {
    const indexes = entries.flatMap((entry, index) => (halfOf(entry) === half ? [index] : []));
    const sides = indexes.map((index) => totals.ours[index] as Side);
    const kept = indexes.filter((index) => {
      const side = totals.ours[index] as Side;
      return Math.abs(side.pagesBack - (entries[index]?.pages ?? 1)) <= 1;
    }).length;
    return { half, files: indexes.length, kept, ...(sides.length > 0 ? summary(sides) : null) };
  });
  console.log(
    `pdf-to-word: ${entries.length} corpus PDFs with text, ${totals.pages} pages; Q = Quire, LO = LibreOffice import\n`,
  );
  console.log(formatTable(rows));
  console.log('');
  console.log(
    formatTable([
      [
        '',
        'word recall',
        'recall, agreed text',
        'text in boxes',
        `hyperlinks (PDF: ${totals.links} links)`,
        'visual (SSIM)',
        'layout (ink r)',
        'pages/s',
      ],
      [
        'Quire',
        percent(ours.recall),
        percent(ours.agreed),
        percent(ours.boxed),
        String(ours.hyperlinks),
        ours.visual.toFixed(3),
        ours.layout.toFixed(3),
        (totals.pages / ours.seconds).toFixed(1),
      ],
      [
        'LibreOffice import',
        percent(libre.recall),
        percent(libre.agreed),
        percent(libre.boxed),
        String(libre.hyperlinks),
        libre.visual.toFixed(3),
        libre.layout.toFixed(3),
        (totals.pages / libre.seconds).toFixed(1),
      ],
      [
        'ratio Quire / LO',
        (ours.recall / libre.recall).toFixed(3),
        (ours.agreed / libre.agreed).toFixed(3),
        '',
        '',
        (ours.visual / libre.visual).toFixed(2),
        (ours.layout / libre.layout).toFixed(2),
        (libre.seconds / ours.seconds).toFixed(2),
      ],
    ]),
  );
  console.log('');
  console.log(
    formatTable([
      [
        'Quire by half',
        'files',
        'word recall',
        'recall, agreed text',
        'visual (SSIM)',
        'layout (ink r)',
        'pages kept',
      ],
      ...halves.map((half) => [
        half.half,
        String(half.files),
        half.recall === undefined ? '' : percent(half.recall),
        half.agreed === undefined ? '' : percent(half.agreed),
        half.visual === undefined ? '' : half.visual.toFixed(3),
        half.layout === undefined ? '' : half.layout.toFixed(3),
        `${half.kept} of ${half.files}`,
      ]),
    ]),
  );
  console.log('');
  console.log(
    `goal word recall ≥ 99%: against poppler's words ${ours.recall >= 0.99 ? 'met' : 'not met'} (${percent(ours.recall)}), against the words poppler and MuPDF agree on ${ours.agreed >= 0.99 ? 'met' : 'not met'} (${percent(ours.agreed)}); counting the words of figures drawn as pictures, from the pictures' alternative text, ${ours.withPictures >= 0.99 ? 'met' : 'not met'} (${percent(ours.withPictures)})`,
  );
  console.log(
    `goal 0% of text in boxes or frames: ${ours.boxed === 0 ? 'met' : 'not met'} (${percent(ours.boxed)})`,
  );
  console.log(
    `goal visual similarity clearly above LibreOffice's import: ${ours.visual > libre.visual + 0.02 ? 'met' : 'not met'} (${ours.visual.toFixed(3)} vs ${libre.visual.toFixed(3)})`,
  );
  console.log(
    `goal layout similarity of every page clearly above LibreOffice's import: ${ours.layout > libre.layout + 0.02 ? 'met' : 'not met'} (${ours.layout.toFixed(3)} vs ${libre.layout.toFixed(3)}; blank pages score 0)`,
  );
  console.log(
    `goal page count within ±1 after the round trip (.docx rendered back by LibreOffice) on every file: ${pagesKept(totals.ours) === entries.length ? 'met' : 'not met'} (Quire ${pagesKept(totals.ours)} of ${entries.length} files, LibreOffice's import ${pagesKept(totals.libre)})`,
  );
  console.log(
    `goal ≥ 5 pages/s: ${totals.pages / ours.seconds >= 5 ? 'met' : 'not met'} (${(totals.pages / ours.seconds).toFixed(1)})`,
  );
  if (isQuireOnly) {
    console.log(
      "\n--quire-only: LibreOffice's import was not run; its figures and the goals compared with it mean nothing here.",
    );
  }
  console.log(
    floorFailures.length === 0
      ? `\nfloors (word recall ≥ ${percent(MIN_WORD_RECALL)} or the file's known shortfall, no text in boxes or frames, no control characters or U+FFFD): met on all ${entries.length} files`
      : `\nfloors not met on ${floorFailures.length} of ${entries.length} files:\n${floorFailures.join('\n')}`,
  );
  if (floorFailures.length > 0) process.exitCode = 1;
  if (timedOut.length > 0) {
    console.log(
      `\nLibreOffice's import ran out of its ${LIBREOFFICE_TIMEOUT_SECONDS} s on ${timedOut.join(', ')}: scored 0 recall, 100% in boxes, 0 visual, ${LIBREOFFICE_TIMEOUT_SECONDS} s.`,
    );
  }
  console.log(
    '\nQuire time is per conversion in a warm process (one warm-up run first); LibreOffice time is a cold soffice per file.',
  );
  console.log(
    "Word recall: the PDF's words (poppler, inside the crop boxes) found in the .docx; agreed: only the words MuPDF reads too (poppler reads TeX's prime as 0 and its negation slash as 6, and leaves letter-spaced text spaced out).",
  );
  console.log(
    `Visual similarity: mean SSIM of the first ${VISUAL_PAGES} pages at low resolution, .docx rendered by LibreOffice.`,
  );
  console.log(
    'Halves: the corpus PDFs by name, every other one in the tuning half (thresholds are set on it) and the rest in the checking half.',
  );
  console.log(
    "Layout similarity: per page, the correlation of the ink in each cell of a 30-cell-wide grid of the page and of the .docx rendered by LibreOffice (page 1 with page 1, and so on; a missing or blank page scores 0), averaged over the file's pages, then over the files.",
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}

function pageCount(pdf: string): number {
  const info = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1] ?? 0);
}

/** Runs soffice headless with its own profile, under a time limit; its wall seconds, or null when it ran out. */
function runSoffice(profile: string, args: string[]): number | null {
  const started = performance.now();
  const result = spawnSync(
    'timeout',
    [
      '-k',
      '5',
      String(LIBREOFFICE_TIMEOUT_SECONDS),
      'soffice',
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      ...args,
    ],
    { encoding: 'utf8' },
  );
  return result.status === 0 ? (performance.now() - started) / 1000 : null;
}

function optionValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}
