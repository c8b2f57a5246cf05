// npm run bench to-jpg: our PDF to JPG (engine op at medium quality, 150 DPI, as a server worker runs it) against
// `pdftoppm -jpeg -r 150` on the same corpus PDFs, in one run, alternating file by file (see to-jpg-runner.ts).
// Speed: pages per second, median of RUNS. Memory: peak RSS from GNU time, and for ours also the peak of the whole
// process tree summed (sampled every SAMPLE_INTERVAL_MS), since our renderers run as parallel children.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusEntry, corpusPath } from '@quire/corpus';
import { formatTable, median } from './measure.ts';

// 235 pages: LaTeX books and papers, Word and LibreOffice output, vector drawings, scans, photos, CMYK.
const FILES = [
  'pdf/pysamples_geotopo-lecture-notes_117p.pdf',
  'pdf/pdf2docx_whisper-paper_28p-linearized.pdf',
  'pdf/pdflib_us-constitution_19p.pdf',
  'pdf/pypdf_geobase-uml-model_19p-vector.pdf',
  'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf',
  'pdf/pdfbox_page-labels_incremental_12p.pdf',
  'pdf/pdf2docx_demo_text-images-6p.pdf',
  'pdf/pypdf_vicksburg_scanned-ocr-6p-linearized.pdf',
  'pdf/pdf2docx_cjk-tables-word365_5p.pdf',
  'pdf/pypdf_epson-scan_indirect-rotate-5p.pdf',
  'pdf/pdflib_giraffe_large-jpeg-600pt.pdf',
  'pdf/pysamples_base64image_large-image.pdf',
  'pdf/pdfjs_images-cairo_10-images.pdf',
  'pdf/pdfjs_cmyk-jpeg-image.pdf',
];
const RUNS = 3;
const SAMPLE_INTERVAL_MS = 20;
const PAGE_BYTES = 4096;

const paths = FILES.map((name) => corpusPath(name));
const pages = FILES.reduce((sum, name) => sum + (corpusEntry(name).pages ?? 0), 0);
const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-to-jpg-'));

async function readChildren(pid: number): Promise<string> {
  try {
    return (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).trim();
  } catch {
    return '';
  }
}

/** Resident memory of a process and all its descendants, in KiB; processes that ended meanwhile count as 0. */
async function readTreeRssKb(pid: number): Promise<number> {
  let total = 0;
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    total += (Number(statm.split(' ')[1]) * PAGE_BYTES) / 1024;
    for (const task of await readdir(`/proc/${pid}/task`)) {
      const children = (await readFile(`/proc/${pid}/task/${task}/children`, 'utf8')).trim();
      for (const child of children ? children.split(' ') : []) total += await readTreeRssKb(Number(child));
    }
  } catch {
    // The process ended between two reads.
  }
  return total;
}

/**
 * Runs the runner under GNU time while sampling the summed RSS of its process tree. The runner's pdftoppm runs are
 * in that tree too, one process at a time beside an idle Node, which weighs less than a job's two renderers.
 */
async function measureOurs(): Promise<{ stdout: string; maxRssKb: number; peakTreeRssKb: number }> {
  const script = join(import.meta.dirname, 'to-jpg-runner.ts');
  const child = spawn('/usr/bin/time', [
    '-f',
    'QUIRE_TIME %e %M',
    process.execPath,
    '--import',
    'tsx',
    script,
    workDir,
    String(RUNS),
    ...paths,
  ]);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let peakTreeRssKb = 0;
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      // GNU time's own few megabytes are not ours: sample the tree below it (Node and its children).
      const node = child.pid === undefined ? '' : await readChildren(child.pid);
      if (node) peakTreeRssKb = Math.max(peakTreeRssKb, await readTreeRssKb(Number(node)));
    });
  }, SAMPLE_INTERVAL_MS);
  const exitCode = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearInterval(timer);
  await sampling;
  const match = /QUIRE_TIME ([\d.]+) (\d+)/.exec(stderr);
  if (exitCode !== 0 || !match) throw new Error(`to-jpg runner failed (${exitCode}): ${stderr.slice(-2000)}`);
  return { stdout, maxRssKb: Number(match[2]), peakTreeRssKb };
}

try {
  const ours = await measureOurs();
  const report = JSON.parse(ours.stdout.trim().split('\n').pop() ?? '{}') as {
    quireSeconds: number[];
    pdftoppmSeconds: number[];
    quireCpuSeconds: number;
    pdftoppmCpuSeconds: number;
    pdftoppmMaxRssKb: number;
    baselineRssMb: number;
    warnings: string[];
  };
  const pdftoppmSeconds = report.pdftoppmSeconds;
  const pdftoppmRssKb = report.pdftoppmMaxRssKb;
  const theirRate = pages / median(pdftoppmSeconds);
  const ourRate = pages / median(report.quireSeconds);
  const theirRssMb = pdftoppmRssKb / 1024;
  const ourProcessRssMb = ours.maxRssKb / 1024;
  const ourTreeRssMb = ours.peakTreeRssKb / 1024;
  const ourAddedMb = ourTreeRssMb - report.baselineRssMb;
  const ratio = (value: number) => value.toFixed(2);
  const theirCpuMs = (report.pdftoppmCpuSeconds / pages) * 1000;
  const ourCpuMs = (report.quireCpuSeconds / pages) * 1000;
  // The load on the machine (other processes on the same cores) changes wall time, not CPU time.
  const loadAverage = (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

  console.log(
    `to-jpg: ${FILES.length} corpus PDFs, ${pages} pages at 150 DPI; median of ${RUNS} runs, alternating file by file\n`,
  );
  console.log(
    formatTable([
      ['', 'pages/s', 'CPU ms/page', 'peak RSS (MB)', 'peak tree RSS (MB)', 'added by the job (MB)'],
      [
        'pdftoppm -jpeg -r 150',
        theirRate.toFixed(1),
        theirCpuMs.toFixed(0),
        theirRssMb.toFixed(0),
        theirRssMb.toFixed(0),
        theirRssMb.toFixed(0),
      ],
      [
        'Quire pdf-to-jpg',
        ourRate.toFixed(1),
        ourCpuMs.toFixed(0),
        ourProcessRssMb.toFixed(0),
        ourTreeRssMb.toFixed(0),
        ourAddedMb.toFixed(0),
      ],
      [
        'ratio Quire / pdftoppm',
        ratio(ourRate / theirRate),
        ratio(ourCpuMs / theirCpuMs),
        ratio(ourProcessRssMb / theirRssMb),
        ratio(ourTreeRssMb / theirRssMb),
        ratio(ourAddedMb / theirRssMb),
      ],
    ]),
  );
  const notes = [
    '',
    'pdftoppm is timed per process (start-up included); Quire per job in a warm process, as the server runs it,',
    'including the qpdf check, the page-size read, the renderer processes and the zip. GNU time reports the largest',
    'single process (for Quire, Node); the tree figure sums Node and its renderer children. Of that,',
    `${report.baselineRssMb.toFixed(0)} MB is the warm idle worker (Node, tsx and the engine after one 1-page job); the last`,
    'column is what the jobs add on top of it. CPU time counts Node and every child (qpdf, pdfinfo, renderers).',
    `Load average at the end: ${loadAverage} on ${availableParallelism()} cores; pages/s needs free cores to gain.`,
  ];
  console.log(notes.join('\n'));
  console.log(
    `Goal: pages/s ratio >= 1 and memory ratio <= 2 (job's own memory): ${ourRate >= theirRate ? 'speed met' : 'speed NOT met'}, ${ourAddedMb <= 2 * theirRssMb ? 'memory met' : 'memory NOT met'}.`,
  );
  if (report.warnings.length > 0) console.log(`Warnings from the op: ${report.warnings.join('; ')}`);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
