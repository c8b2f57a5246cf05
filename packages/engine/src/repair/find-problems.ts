import { open } from 'node:fs/promises';
import { SNIFF_BYTES, type RepairProblem } from '@quire/shared';

/**
 * What each engine's message tells of a file's damage, first match wins. The messages are read, never passed on:
 * they can quote the file's contents (a key, a name, a token), and the visitor gets only the codes.
 */
type MessageRule = readonly [RegExp, RepairProblem | null];

/**
 * qpdf's warnings (`WARNING: <file> (<where>): <message>`), matched whole: where it was found can tell too
 * (`dictionary key /Pages`). The file's path is the server's own, never the visitor's name.
 */
const QPDF_RULES: readonly MessageRule[] = [
  // Said of every damaged file, before what the damage is.
  [/\bfile is damaged\b/, null],
  [/\bcan't find PDF header\b/, 'header'],
  [/\bhint table\b|\blinearization\b|first page section/i, null],
  [/\bstream length\b|\blacks \/Length\b|\bexpected endstream\b|\/Length key/, 'stream-lengths'],
  [
    /\b(decoding|unfilterable|unable to recover) stream\b|\bstream data\b|\bre-processed without filtering\b/,
    'streams',
  ],
  [/\/Pages\b|\bpages tree\b|\/Kids\b|\/Count\b/, 'page-tree'],
  [/\bnot found in file\b/, 'objects'],
  [
    /\bxref\b|\bcross.reference\b|\bstartxref\b|\btrailer\b|\bhas offset 0\b|\bnumber of objects\b|\bobject stream\b/,
    'cross-reference',
  ],
  [
    /\bendobj\b|\bexpected n n obj\b|\bexpected \d+ \d+ obj\b|\btoken\b|\bunexpected\b|\bnested\b|\battempted on object of type\b|\binvalid\b/,
    'objects',
  ],
];

/** MuPDF's warnings and errors (`setLog`). */
const MUPDF_RULES: readonly MessageRule[] = [
  [/\bRepair failed\b|\bdeprecated\b/, null],
  // MuPDF repairs a file by rebuilding its cross-reference table from the objects it finds.
  [/\brepairing PDF document\b/, 'cross-reference'],
  [/\bversion marker\b/, 'header'],
  [/\bendstream\b|\bLength\b/, 'stream-lengths'],
  [/\bread error\b|\bcompression\b|\bfilter\b|\bdecode\b|\bzlib\b|\binflate\b|\bcorrupt\b/, 'streams'],
  [/\bpage tree\b|\bpage object\b|\bKids\b|\bcycle\b/, 'page-tree'],
  [/\bxref\b|\bstartxref\b|\btrailer\b|\bobject stream\b/, 'cross-reference'],
  [/\bendobj\b|\bobject\b|\bdict\b|\bkeyword\b|\btoken\b|\bgeneration\b|\bsyntax error\b/, 'objects'],
];

/** The problems messages tell of; `other` for each that no rule knows (the op keeps it only when alone). */
function problemsOf(messages: readonly string[], rules: readonly MessageRule[]): Set<RepairProblem> {
  const problems = new Set<RepairProblem>();
  for (const message of messages) {
    const rule = rules.find(([pattern]) => pattern.test(message));
    if (rule === undefined) problems.add('other');
    else if (rule[1] !== null) problems.add(rule[1]);
  }
  return problems;
}

/**
 * The problems qpdf's warnings and errors tell of (what it wrote, `runQpdf` with `withWarnings`): its last line,
 * which sums up (`qpdf: operation succeeded with warnings`), is no problem of its own.
 */
export function qpdfProblems(output: string): Set<RepairProblem> {
  const messages = output
    .split('\n')
    .map((line) => /^(?:WARNING|ERROR): (.*)$/.exec(line)?.[1])
    .filter((message) => message !== undefined);
  return problemsOf(messages, QPDF_RULES);
}

/** The problems MuPDF's messages tell of, as its log gave them (`setLog`). */
export function mupdfProblems(messages: readonly string[]): Set<RepairProblem> {
  return problemsOf(messages, MUPDF_RULES);
}

/** Where readers look for the end-of-file marker: `%%EOF` within the last kilobyte. */
const END_BYTES = 1024;

/**
 * What the file's own first and last bytes tell: its PDF header not at its start (`header`: readers accept it
 * within the first kilobyte, and the upload was taken for a PDF because it was there), and no end-of-file marker
 * near its end (`end`: most often a file cut short).
 */
export async function edgeProblems(path: string): Promise<Set<RepairProblem>> {
  const problems = new Set<RepairProblem>();
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    await handle.read(head, 0, head.length, 0);
    if (!head.subarray(0, 5).equals(Buffer.from('%PDF-'))) problems.add('header');
    const tail = Buffer.alloc(Math.min(size, END_BYTES));
    await handle.read(tail, 0, tail.length, size - tail.length);
    if (!tail.includes('%%EOF')) problems.add('end');
  } finally {
    await handle.close();
  }
  return problems;
}
