// npm run bench sign: our Sign PDF (a PNG signature with a name and a date on the first and the last page, and the
// same with a PAdES certificate signature made with a key made here by OpenSSL) on corpus PDFs: time (median of RUNS),
// output size and peak memory. No standard command-line tool draws a signature and signs, and checking a signature
// (poppler's pdfsig) is no peer of making one: the floor is qpdf copying the same file (`qpdf in out`), the least any
// tool that reads and writes the file does; the ratios are against it.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { makePkcs12 } from '@quire/test-kit/signing-certificate';
import { formatTable, measureCommand, measureOp, median, megabytes } from './measure.ts';

const FILES: { name: string; pages: number }[] = [
  { name: 'pdf/pdfjs_freeculture-book_352p.pdf', pages: 352 },
  { name: 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf', pages: 14 },
  { name: 'pdf/pdfbox_rotations-90-180-270_6p.pdf', pages: 6 },
];
const PNG = 'images/docxjs_tux_png-rgba-alpha.png';
const PASSWORD = 'bench';
const RUNS = 3;

const optionsFor = (pages: number, hasCertificate: boolean) => ({
  placements: [
    { page: 1, x: 0.6, y: 0.8, width: 0.3, height: 0.12, image: 0 },
    { page: pages, x: 0.6, y: 0.8, width: 0.3, height: 0.12, image: 0 },
  ],
  name: 'Jeanne Durand',
  date: '30 November 2026',
  ...(hasCertificate ? { certificatePassword: PASSWORD, reason: 'Approved' } : {}),
});

const workDir = await mkdtemp(join(tmpdir(), 'quire-bench-sign-'));
try {
  const p12 = makePkcs12(workDir, PASSWORD, '/CN=Bench Signer');
  const header = [
    'file',
    'signature',
    'qpdf copy s',
    'Quire s',
    'time ratio',
    'qpdf MB',
    'Quire MB',
    'size ratio',
  ];
  const rows = [[...header, 'Quire RSS MB']];
  for (const { name, pages } of FILES) {
    const path = corpusPath(name);
    const copy = join(workDir, 'qpdf.pdf');
    const qpdfSeconds = median(
      Array.from({ length: RUNS }, () => measureCommand('qpdf', [path, copy]).wallSeconds),
    );
    const qpdfBytes = (await stat(copy)).size;
    for (const hasCertificate of [false, true]) {
      if (hasCertificate) process.env.QUIRE_BENCH_CERTIFICATE = p12;
      else delete process.env.QUIRE_BENCH_CERTIFICATE;
      const ours = measureOp('sign', optionsFor(pages, hasCertificate), RUNS, workDir, [
        path,
        corpusPath(PNG),
      ]);
      const seconds = median(ours.seconds);
      rows.push([
        name.replace(/^pdf\//, ''),
        hasCertificate ? 'picture + certificate' : 'picture',
        qpdfSeconds.toFixed(3),
        seconds.toFixed(3),
        (seconds / qpdfSeconds).toFixed(2),
        megabytes(qpdfBytes),
        megabytes(ours.outputBytes),
        (ours.outputBytes / qpdfBytes).toFixed(3),
        ours.peakRssMb.toFixed(0),
      ]);
    }
  }
  delete process.env.QUIRE_BENCH_CERTIFICATE;
  console.log(
    `sign: Quire on corpus PDFs (two placements, name and date), against qpdf's copy; median of ${RUNS}\n`,
  );
  console.log(formatTable(rows));
  console.log(
    '\nQuire checks the file with qpdf, embeds the picture and lays out the name and date once, draws on two pages and writes the file again with MuPDF; with a certificate it opens the PKCS#12 file, adds a signature field and signs the written bytes (SHA-256, RSA 2048).',
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
