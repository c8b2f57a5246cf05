// The font-heavy classes of `npm run bench compress` (issue 30, item 9): small files whose bytes are mostly fonts,
// compressed by our op and by Ghostscript in the same run, file by file. Real files from the corpus (a LaTeX paper,
// Hebrew from Word, Japanese from dvipdfmx, forms), Word documents of the corpus saved as PDF by LibreOffice (which
// embeds CFF fonts as Type 1, CJK ones split in many), and files built here the way programs that embed whole fonts
// write them (a Hebrew page with a form, a Japanese page, a Type 1 form).
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { ENGINE_OPS } from '@quire/engine';
import { createHebrewFormPdf, createJapanesePagePdf } from '@quire/test-kit/form-fonts';
import { createType1Pdf } from '@quire/test-kit/type1-fonts';
import { countFormFields } from './compress-similarity.ts';
import { formatTable, measureCommand } from './measure.ts';

type Quality = 'high' | 'medium' | 'low';
type FontSubject = { label: string; kind: string; path: string };

const CORPUS_SUBJECTS: readonly { label: string; kind: string; name: string }[] = [
  { label: 'Hebrew page (Word)', kind: 'Hebrew', name: 'pdf/pdfjs_hebrew-text_issue11656.pdf' },
  { label: 'Japanese page (dvipdfmx)', kind: 'Japanese', name: 'pdf/pdfjs_japanese-text_issue16538.pdf' },
  { label: 'LaTeX, 4 pages (pdfTeX)', kind: 'LaTeX', name: 'pdf/pysamples_outline-bookmarks_4p.pdf' },
  { label: 'LaTeX paper, 14 pages', kind: 'LaTeX', name: 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf' },
  { label: 'form (LibreOffice)', kind: 'form', name: 'pdf/pysamples_libreoffice-form.pdf' },
  { label: 'form (Acrobat)', kind: 'form', name: 'pdf/pdfbox_acroforms-basic-fields.pdf' },
  { label: 'form (LiveCycle, CJK fonts)', kind: 'form', name: 'pdf/pdfjs_irs-f1040-prefilled_acroform.pdf' },
  {
    label: 'Arabic, CJK, Thai (multilang)',
    kind: 'mixed',
    name: 'pdf/pypdf_multilang_arabic-cjk-thai-cyrillic.pdf',
  },
];
/** Corpus Word documents saved as PDF by LibreOffice. */
const WORD_SUBJECTS: readonly { label: string; kind: string; name: string }[] = [
  {
    label: 'Japanese tables (LibreOffice)',
    kind: 'Japanese',
    name: 'word/poi_stress019_japanese-tables.docx',
  },
  { label: 'Hebrew letter (LibreOffice)', kind: 'Hebrew', name: 'word/poi_Bug45473_hebrew.doc' },
  { label: 'Chinese headings (LibreOffice)', kind: 'Chinese', name: 'word/poi_61490_chinese-headings.doc' },
];

/** Builds or converts the subjects in `workDir`. */
export async function fontSubjects(workDir: string): Promise<FontSubject[]> {
  const subjects: FontSubject[] = CORPUS_SUBJECTS.map(({ label, kind, name }) => ({
    label,
    kind,
    path: corpusPath(name),
  }));
  const profile = join(workDir, 'soffice-profile');
  for (const { label, kind, name } of WORD_SUBJECTS) {
    const outDir = await mkdtemp(join(workDir, 'word-'));
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${profile}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        outDir,
        corpusPath(name),
      ],
      { stdio: 'ignore', timeout: 180_000 },
    );
    const [pdf] = (await readdir(outDir)).filter((file) => file.endsWith('.pdf'));
    if (pdf) subjects.push({ label, kind, path: join(outDir, pdf) });
  }
  const built: [string, string, Buffer][] = [
    ['Hebrew form, whole fonts (built)', 'Hebrew', createHebrewFormPdf()],
    ['Japanese page, whole OpenType font (built)', 'Japanese', createJapanesePagePdf()],
    ['Type 1 form (built)', 'LaTeX form', createType1Pdf({ withField: true })],
  ];
  for (const [label, kind, bytes] of built) {
    const path = join(workDir, `${label.replace(/[^a-z0-9]+/gi, '-')}.pdf`);
    await writeFile(path, bytes);
    subjects.push({ label, kind, path });
  }
  return subjects;
}

const GS_SETTINGS: Record<Quality, string> = { high: '/printer', medium: '/ebook', low: '/screen' };

function pdftotext(path: string): string {
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Our output and Ghostscript's for each subject at `quality`, as a table, and the per-file ratios. */
export async function runFontClasses(subjects: readonly FontSubject[], workDir: string, quality: Quality) {
  const rows: string[][] = [
    [
      'class',
      'file',
      'input KB',
      'Quire ×in',
      'gs ×in',
      'Quire/gs',
      'text same',
      'fields in/Quire/gs',
      'notices',
      's',
    ],
  ];
  const ratios: number[] = [];
  for (const subject of subjects) {
    const jobDir = await mkdtemp(join(workDir, 'job-'));
    const inputBytes = (await stat(subject.path)).size;
    const started = performance.now();
    const result = await ENGINE_OPS.compress(
      { file: { path: subject.path, name: subject.label }, options: { quality } },
      { signal: new AbortController().signal, workDir: jobDir, timeoutMs: 300_000 },
    );
    const seconds = (performance.now() - started) / 1000;
    const gsPath = join(jobDir, 'gs.pdf');
    measureCommand('gs', [
      '-q',
      '-dNOPAUSE',
      '-dBATCH',
      '-dSAFER',
      '-sDEVICE=pdfwrite',
      `-dPDFSETTINGS=${GS_SETTINGS[quality]}`,
      '-dAutoRotatePages=/None',
      `-sOutputFile=${gsPath}`,
      subject.path,
    ]);
    const ours = result.report.values.outputBytes;
    const gs = (await stat(gsPath)).size;
    ratios.push(ours / gs);
    rows.push([
      subject.kind,
      subject.label,
      (inputBytes / 1024).toFixed(0),
      (ours / inputBytes).toFixed(3),
      (gs / inputBytes).toFixed(3),
      (ours / gs).toFixed(2),
      pdftotext(result.path) === pdftotext(subject.path) ? 'yes' : 'NO',
      `${countFormFields(subject.path)}/${countFormFields(result.path)}/${countFormFields(gsPath)}`,
      result.report.notices.map((notice) => notice.code).join(' ') || '-',
      seconds.toFixed(1),
    ]);
  }
  return { table: formatTable(rows), ratios };
}
