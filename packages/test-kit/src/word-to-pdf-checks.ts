// What Word to PDF must make of each corpus document: a PDF qpdf finds sound, of at least one page (the 12-page
// document's 12), holding the document's text (for a .docx, more than 80% of its words of four letters or more; for
// a .doc, whose text is not read here, more than 20 characters). The op's test holds one document of each kind to
// this; `npm run bench word-to-pdf` holds every corpus document to it (issue 31, item 6).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { hasFeature, type CorpusEntry } from '@quire/corpus';
import { unzipSync } from 'fflate';

/** The least share of a .docx's words found in its PDF. */
export const MIN_DOCX_WORD_SHARE = 0.8;

const squeeze = (text: string) => text.replace(/\s+/g, '');
const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });

/** Share of the document's words (letter runs of 4+, from `word/document.xml`) found in the PDF's text. */
export function docxWordShare(docxPath: string, pdfPath: string): number {
  const xml = new TextDecoder().decode(unzipSync(readFileSync(docxPath))['word/document.xml']);
  const text = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join(' ');
  const words = [...new Set(text.match(/\p{L}{4,}/gu) ?? [])];
  const pdf = squeeze(pdfText(pdfPath));
  return words.length ? words.filter((word) => pdf.includes(word)).length / words.length : 1;
}

/** What is wrong with `pdfPath`, made by Word to PDF of the corpus document `entry` at `documentPath`: none when nothing is. */
export function wordToPdfFaults(entry: CorpusEntry, documentPath: string, pdfPath: string): string[] {
  // qpdf exits 0 when the file is clean and 3 when it has warnings only.
  const check = spawnSync('qpdf', ['--check', pdfPath], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (check.status !== 0 && check.status !== 3) return [`qpdf --check fails (${check.status})`];
  const faults: string[] = [];
  const pages = Number(execFileSync('qpdf', ['--show-npages', pdfPath], { encoding: 'utf8' }).trim());
  if (!(pages >= 1)) faults.push(`${pages} pages`);
  if (entry.name === 'word/gotenberg_12-pages.docx' && pages !== 12) faults.push(`${pages} pages, not 12`);
  if (entry.name.endsWith('.docx') && !hasFeature(entry, 'empty-body')) {
    const share = docxWordShare(documentPath, pdfPath);
    if (!(share > MIN_DOCX_WORD_SHARE)) faults.push(`${(share * 100).toFixed(1)}% of its words`);
  } else if (entry.name.endsWith('.doc')) {
    const characters = squeeze(pdfText(pdfPath)).length;
    if (!(characters > 20)) faults.push(`${characters} characters of text`);
  }
  return faults;
}
