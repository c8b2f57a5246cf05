// npm run bench compress: our compress op (as a server worker runs it, in this process) against Ghostscript
// pdfwrite with the matching -dPDFSETTINGS, in one run. Sizes are summed over the corpus PDFs that draw images;
// similarity is the SSIM of 150-DPI page renders against the original's; form fields are counted on the
// AcroForm files of the corpus, before and after; per file, whether each level is smaller than the one above. Then
// the font-heavy classes (bench/compress-fonts.ts), file by file against /ebook.
//   -- --fonts [--levels high,medium,low]: the font-heavy classes only, at the levels named (medium by default).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { corpusEntries, corpusPath, featureValue, hasFeature, type CorpusEntry } from '@quire/corpus';
import { ENGINE_OPS } from '@quire/engine';
import {
  countFormFields,
  colourImageShare,
  hasImages,
  renderPages,
  scoreSimilarity,
  SIMILARITY_DPI,
  type GreyRender,
} from './compress-similarity.ts';
import { fontSubjects, runFontClasses } from './compress-fonts.ts';
import { formatTable, measureCommand, median } from './measure.ts';

/** Pages compared per file (the first ones): enough to see image damage, bounded for 352-page books. */
const SIMILARITY_PAGES = 5;
/** Issue 15's goals: medium at most this fraction of Ghostscript /ebook's size, low of /screen's. */
const GOAL_MEDIUM_RATIO = 0.9;
const GOAL_LOW_RATIO = 0.95;
/** Files whose colour and grey images make at least this share of their bytes must shrink at every level. */
const MIN_IMAGE_SHARE_FOR_LEVELS = 0.1;

type Quality = 'high' | 'medium' | 'low';
const LEVELS: { quality: Quality; gsSetting: string }[] = [
  { quality: 'high', gsSetting: '/printer' },
  { quality: 'medium', gsSetting: '/ebook' },
  { quality: 'low', gsSetting: '/screen' },
];

const { values: args } = parseArgs({
  args: process.argv.slice(3),
  options: { fonts: { type: 'boolean', default: false }, levels: { type: 'string', default: 'medium' } },
});
if (args.fonts) {
  await printFontClasses(args.levels.split(',') as Quality[]);
  process.exit(0);
}

/** The font-heavy classes at each level asked, against Ghostscript's setting of the same level. */
async function printFontClasses(levels: readonly Quality[]) {
  const fontDir = await mkdtemp(join(tmpdir(), 'quire-bench-fonts-'));
  try {
    const fontFiles = await fontSubjects(fontDir);
    for (const quality of levels) {
      const gsSetting = LEVELS.find((level) => level.quality === quality)?.gsSetting ?? '';
      const { table, ratios } = await runFontClasses(fontFiles, fontDir, quality);
      console.log(`\ncompress, font-heavy files: Quire ${quality} against gs ${gsSetting}, file by file\n`);
      console.log(table);
      console.log(
        `\nmedian Quire/gs ${median(ratios).toFixed(2)}; files where Quire is larger than gs: ` +
          `${ratios.filter((ratio) => ratio > 1).length} of ${ratios.length}`,
      );
    }
  } finally {
    await rm(fontDir, { recursive: true, force: true });
  }
}

type Totals = { bytes: number; cappedBytes: number; seconds: number; scores: number[]; fields: number };
type Subject = { entry: CorpusEntry; path: string; password: string | undefined; hasImages: boolean };

const subjects: Subject[] = corpusEntries()
  .filter((entry) => entry.group === 'pdf')
  .map((entry) => {
    const path = corpusPath(entry.name);
    const password = featureValue(entry, 'user-password');
    return { entry, path, password, hasImages: hasImages(path, password) };
  })
  .filter((subject) => subject.hasImages || hasFeature(subject.entry, 'acroform'));
const imageSubjects = subjects.filter((subject) => subject.hasImages);
const formSubjects = subjects.filter((subject) => hasFeature(subject.entry, 'acroform'));

const inputBytes = imageSubjects.reduce((sum, subject) => sum + subject.entry.bytes, 0);
const inputFields = formSubjects.reduce((sum, subject) => sum + countFormFields(subject.path), 0);
const originalRenders = new Map<string, GreyRender[]>();
const rendersOf = (subject: Subject) => {
  let renders = originalRenders.get(subject.entry.name);
  if (!renders) {
    renders = renderPages(subject.path, SIMILARITY_PAGES, subject.password);
    originalRenders.set(subject.entry.name, renders);
  }
  return renders;
};

const emptyTotals = (): Totals => ({ bytes: 0, cappedBytes: 0, seconds: 0, scores: [], fields: 0 });
/** Our output's size per file and level, and the files larger than their input or that failed. */
const levelSizes = new Map<string, Partial<Record<Quality, number>>>();
const grown: string[] = [];
const results = new Map<string, { ours: Totals; gs: Totals }>();
let currentQuality: Quality = 'high';
const workRoot = await mkdtemp(join(tmpdir(), 'quire-bench-compress-'));
try {
  for (const { quality, gsSetting } of LEVELS) {
    const ours = emptyTotals();
    const gs = emptyTotals();
    currentQuality = quality;
    results.set('current', { ours, gs });
    for (const subject of subjects) {
      const workDir = await mkdtemp(join(workRoot, 'job-'));
      const started = performance.now();
      const result = await ENGINE_OPS.compress(
        {
          file: { path: subject.path, name: subject.entry.name, password: subject.password },
          options: { quality },
        },
        { signal: new AbortController().signal, workDir, timeoutMs: 120_000 },
      );
      const oursSeconds = (performance.now() - started) / 1000;
      const gsPath = join(workDir, 'gs.pdf');
      const gsRun = measureCommand('gs', [
        '-q',
        '-dNOPAUSE',
        '-dBATCH',
        '-dSAFER',
        '-sDEVICE=pdfwrite',
        `-dPDFSETTINGS=${gsSetting}`,
        '-dAutoRotatePages=/None',
        ...(subject.password ? [`-sPDFPassword=${subject.password}`] : []),
        `-sOutputFile=${gsPath}`,
        subject.path,
      ]);
      await record(subject, ours, result.path, oursSeconds);
      await record(subject, gs, gsPath, gsRun.wallSeconds);
      await rm(workDir, { recursive: true, force: true });
    }
    results.set(quality, { ours, gs });
  }
} finally {
  await rm(workRoot, { recursive: true, force: true });
}

async function record(subject: Subject, totals: Totals, outputPath: string, seconds: number) {
  totals.seconds += seconds;
  if (totals === results.get('current')?.ours) {
    const bytes = (await stat(outputPath)).size;
    levelSizes.set(subject.entry.name, { ...levelSizes.get(subject.entry.name), [currentQuality]: bytes });
    if (bytes > subject.entry.bytes) grown.push(`${subject.entry.name} (${currentQuality})`);
  }
  if (hasFeature(subject.entry, 'acroform')) totals.fields += countFormFields(outputPath);
  if (!subject.hasImages) return;
  const bytes = (await stat(outputPath)).size;
  totals.bytes += bytes;
  totals.cappedBytes += Math.min(bytes, subject.entry.bytes);
  const originals = rendersOf(subject);
  const outputs = renderPages(outputPath, SIMILARITY_PAGES, subject.password);
  const scores = await Promise.all(
    originals.map((original, index) => {
      const output = outputs[index];
      return output ? scoreSimilarity(original, output) : Promise.resolve(0);
    }),
  );
  totals.scores.push(scores.reduce((sum, score) => sum + score, 0) / Math.max(1, scores.length));
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const rows: string[][] = [
  ['', 'size (MB)', '× input', '× gs', '× gs capped', 'mean SSIM', 'min SSIM', 'form fields', 'time (s)'],
  ['input', mb(inputBytes), '1.000', '', '', '1.0000', '1.0000', `${inputFields}/${inputFields}`, ''],
];
for (const { quality, gsSetting } of LEVELS) {
  const { ours, gs } = results.get(quality) ?? { ours: emptyTotals(), gs: emptyTotals() };
  const row = (label: string, totals: Totals, isOurs: boolean) => [
    label,
    mb(totals.bytes),
    (totals.bytes / inputBytes).toFixed(3),
    isOurs ? (totals.bytes / gs.bytes).toFixed(3) : '1.000',
    isOurs ? (totals.bytes / gs.cappedBytes).toFixed(3) : '',
    mean(totals.scores).toFixed(4),
    Math.min(...totals.scores).toFixed(4),
    `${totals.fields}/${inputFields}`,
    totals.seconds.toFixed(1),
  ];
  rows.push(row(`gs ${gsSetting}`, gs, false), row(`Quire ${quality}`, ours, true));
}
console.log(
  `compress: ${imageSubjects.length} corpus PDFs with images (${mb(inputBytes)} MB) for sizes and similarity ` +
    `(SSIM of the first ${SIMILARITY_PAGES} pages at ${SIMILARITY_DPI} DPI against the original); ` +
    `${formSubjects.length} AcroForm PDFs for form fields\n`,
);
console.log(formatTable(rows));

const verdict = (level: Quality, goalRatio: number) => {
  const { ours, gs } = results.get(level) ?? { ours: emptyTotals(), gs: emptyTotals() };
  const ratio = ours.bytes / gs.bytes;
  const isSimilarEnough = mean(ours.scores) >= mean(gs.scores);
  const areFieldsKept = ours.fields === inputFields;
  const isMet = ratio <= goalRatio && isSimilarEnough && areFieldsKept;
  return (
    `${level} ≤ ${goalRatio}× gs, similarity ≥ gs, every form field kept: ${isMet ? 'MET' : 'NOT MET'} ` +
    `(size ${ratio.toFixed(3)}×, against gs capped ${(ours.bytes / gs.cappedBytes).toFixed(3)}×; similarity ` +
    `${mean(ours.scores).toFixed(4)} ${isSimilarEnough ? '≥' : '<'} ${mean(gs.scores).toFixed(4)}; fields ` +
    `${ours.fields}/${inputFields})`
  );
};
const levelFiles = imageSubjects.filter(
  (subject) =>
    colourImageShare(subject.path, subject.entry.bytes, subject.password) >= MIN_IMAGE_SHARE_FOR_LEVELS,
);
const unordered = levelFiles.filter((subject) => {
  const { high = 0, medium = 0, low = 0 } = levelSizes.get(subject.entry.name) ?? {};
  return !(high > medium && medium > low);
});
console.log(
  `\n"× gs capped" compares with the smaller of Ghostscript's output and the input for each file (what a user` +
    `\nwould keep); Ghostscript grows some files. Time: Quire in-process, gs process wall.` +
    `\nGoal ${verdict('medium', GOAL_MEDIUM_RATIO)}` +
    `\nGoal ${verdict('low', GOAL_LOW_RATIO)}` +
    `\nGoal no output larger than its input: ${grown.length === 0 ? 'MET' : `NOT MET (${grown.join(', ')})`}` +
    `\nGoal high > medium > low on every file whose colour or grey images are ≥ ${MIN_IMAGE_SHARE_FOR_LEVELS * 100}% ` +
    `of it: ${unordered.length === 0 ? 'MET' : 'NOT MET'} (${levelFiles.length - unordered.length} of ${levelFiles.length})`,
);
for (const subject of unordered) {
  const { high, medium, low } = levelSizes.get(subject.entry.name) ?? {};
  console.log(`  not in order: ${subject.entry.name}: high ${high}, medium ${medium}, low ${low} bytes`);
}
await printFontClasses(['medium']);
