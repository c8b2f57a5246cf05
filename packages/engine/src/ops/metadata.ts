import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import { AppError, TOOLS } from '@quire/shared';
import { readMetadataText } from '../compress/strip-private-data.ts';
import { damagedError, openAuthenticated } from '../mupdf/edit-pdf.ts';
import { loadMupdf, type MupdfModule } from '../mupdf/load-mupdf.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, JobContext } from './types.ts';

/** How a broken file's error ends: `"report.pdf" is damaged and …`. */
const FAILURE = 'its properties could not be changed';

/**
 * What a job of this tool costs (`estimateWork`): MuPDF rewrites every object, dropping those nothing uses, without
 * reading the pages' content.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 40, perPageMs: 3, perInputMiBMs: 40 };

/** The properties a visitor sets, by option, as the information dictionary names them. */
const INFO_KEYS = { title: 'Title', author: 'Author', subject: 'Subject', keywords: 'Keywords' } as const;
type Property = keyof typeof INFO_KEYS;

/**
 * Sets a PDF's title, author, subject and keywords, or removes all its document metadata (`clear`), then writes the
 * file again whole: no earlier revision, and no object nothing uses any more, keeps an old value.
 *
 * The information dictionary and the XMP packet must say the same, or a reader that prefers the XMP (Acrobat does)
 * shows the old title. MuPDF edits the dictionary; the XMP is then written again from it (`xmpPacket`), carrying
 * over only the PDF/A identification of the old packet, so a PDF/A file still says what it conforms to. The rest of
 * an old packet (its history, its tool's private properties) goes: it described the document as it was. A file
 * without XMP gets none, and nothing is changed when no property is sent and `clear` is not asked.
 */
export const metadata: EngineOp<'metadata'> = async ({ file, options }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.metadata.maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const isCleared = options.clear === 'true';
  const values = (Object.keys(INFO_KEYS) as Property[]).flatMap((property) => {
    const value = options[property];
    return value === undefined ? [] : [[INFO_KEYS[property], value] as const];
  });

  ctx.onProgress?.('processing');
  const mupdf = await loadMupdf();
  const edit: Edit = { values, isCleared, fileName: file.name, onWriting: () => ctx.onProgress?.('writing') };
  let written = writeProperties(mupdf, { path: info.path, password: info.password }, edit);
  if (written === 'repaired') {
    // MuPDF repaired the file as it read it, and would write its edits of the dictionary nowhere (the corpus's Word
    // 365 file, whose table points one object at the wrong offset): the properties are written on qpdf's rewrite.
    const rewritten = await rewriteWithQpdf(info.path, info.password, file.name, ctx);
    written = writeProperties(mupdf, { path: rewritten, password: undefined }, edit);
    if (written === 'repaired') throw damagedError(file.name, FAILURE);
  }

  const outputPath = join(ctx.workDir, 'properties.pdf');
  await writeFile(outputPath, written);
  return {
    path: outputPath,
    report: {
      values: {
        pageCount: info.pageCount,
        propertiesSet: values.length,
        cleared: isCleared ? 'true' : 'false',
      },
      // Written decrypted: a protected file's result has no password.
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

type Edit = {
  values: readonly (readonly [string, string])[];
  isCleared: boolean;
  fileName: string;
  onWriting: () => void;
};

/**
 * The file with its properties written, or `repaired` when MuPDF had to repair it to read it (its edits would then
 * be lost). Throws `FILE_DAMAGED` on a file MuPDF cannot read.
 */
function writeProperties(
  mupdf: MupdfModule,
  source: { path: string; password: string | undefined },
  { values, isCleared, fileName, onWriting }: Edit,
): Uint8Array | 'repaired' {
  const opened = openAuthenticated(mupdf, source.path, source.password, fileName, FAILURE);
  try {
    const { pdf } = opened;
    const catalog = pdf.getTrailer().get('Root');
    const oldXmp = readXmp(catalog);
    let dictionary = pdf.getTrailer().get('Info');
    if (isCleared) {
      dropAllMetadata(pdf);
      // Emptied rather than dropped: MuPDF writes no dictionary put back in the trailer's place once deleted.
      if (dictionary.isDictionary()) for (const key of keysOf(dictionary)) dictionary.delete(key);
    }
    if (values.length > 0) {
      // MuPDF's own setter: a dictionary put into the trailer by hand is not written where the file has none.
      for (const [key, value] of values) pdf.setMetaData(`info:${key}`, value);
      pdf.setMetaData('info:ModDate', pdfDate(new Date()));
      // The trailer read before is a stale copy once MuPDF has made the dictionary: read again.
      dictionary = pdf.getTrailer().get('Info');
      // Once cleared, the document has no XMP: only the dictionary's entries sent are written.
      if (oldXmp !== null && !isCleared) {
        const packet = xmpPacket(readInfo(dictionary), oldXmp);
        catalog.put('Metadata', pdf.addStream(packet, { Type: 'Metadata', Subtype: 'XML' }));
      }
    }
    // A dictionary left empty by `clear` goes.
    if (dictionary.isDictionary() && keysOf(dictionary).length === 0) pdf.getTrailer().delete('Info');
    onWriting();
    const bytes = ownedBytes(pdf.saveToBuffer('garbage,compress,decrypt'));
    // A repair can happen as late as the writing, which reads every object.
    return pdf.wasRepaired() ? 'repaired' : bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damagedError(fileName, FAILURE);
  } finally {
    opened.close();
  }
}

/** qpdf's rewrite of the file, decrypted, in the job's directory. */
async function rewriteWithQpdf(
  path: string,
  password: string | undefined,
  fileName: string,
  ctx: JobContext,
): Promise<string> {
  const output = join(ctx.workDir, `rewritten-${randomUUID()}.pdf`);
  const result = await runQpdf(
    [...(password === undefined ? [] : [`--password=${password}`]), '--decrypt', path, output],
    ctx,
  );
  if (!isQpdfSuccess(result)) throw damagedError(fileName, FAILURE);
  return output;
}

/** A dictionary's keys (MuPDF's `length` counts an array's items only). */
function keysOf(dictionary: Mupdf.PDFObject): string[] {
  const keys: string[] = [];
  dictionary.forEach((_value, key) => keys.push(String(key)));
  return keys;
}

/**
 * The catalog's XMP packet as text, or null when it has none, or one that is not plain or Flate, or inflates past
 * 16 MiB (`readMetadataText`: a metadata bomb is never inflated whole).
 */
function readXmp(catalog: Mupdf.PDFObject): string | null {
  const stream = catalog.get('Metadata');
  if (!stream.isStream()) return null;
  try {
    return readMetadataText(stream);
  } catch {
    return null;
  }
}

/**
 * Removes the metadata every object may carry beyond the document's own: XMP packets of pages, pictures and fonts
 * (a camera's location, an editor's history), authoring programs' private data (/PieceInfo), and the information
 * dictionaries and XMP that Acrobat keeps in the structure tree for each document combined into one (/Part
 * elements). Every object is visited once, as compression's `stripPrivateData` does.
 */
function dropAllMetadata(pdf: Mupdf.PDFDocument): void {
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const object = pdf.newIndirect(num);
    if (!object.isDictionary()) continue;
    if (!object.get('Metadata').isNull()) object.delete('Metadata');
    if (!object.get('PieceInfo').isNull()) object.delete('PieceInfo');
    // A structure element (it has a structure type and a parent) with an information dictionary of its own.
    if (object.get('S').isName() && !object.get('P').isNull() && object.get('Info').isDictionary()) {
      object.delete('Info');
    }
  }
}

/** The text entries of the information dictionary that the XMP packet repeats. */
type InfoText = Partial<
  Record<'Title' | 'Author' | 'Subject' | 'Keywords' | 'Creator' | 'Producer', string>
> & {
  CreationDate?: string;
  ModDate?: string;
};

function readInfo(dictionary: Mupdf.PDFObject): InfoText {
  const read = (key: string) => {
    const value = dictionary.get(key);
    return value.isString() ? value.asString() : undefined;
  };
  const entries = [
    'Title',
    'Author',
    'Subject',
    'Keywords',
    'Creator',
    'Producer',
    'CreationDate',
    'ModDate',
  ];
  return Object.fromEntries(entries.flatMap((key) => (read(key) === undefined ? [] : [[key, read(key)]])));
}

/** A PDF date (`D:20240131120000+01'00'`) as an ISO 8601 date and time, or undefined when it cannot be read. */
export function isoDate(pdf: string): string | undefined {
  const match = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(pdf);
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', zone] = match;
  const offset =
    zone === undefined || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.replace(/'/g, '').slice(3, 5)}`;
  return `${year}-${month}-${day}T${hour}:${minute}:${second}${offset}`;
}

/** Now as a PDF date in UTC. */
function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * An XMP packet saying what the information dictionary says (ISO 32000-2, 14.3.2, and the PDF/A mapping of Info to
 * Dublin Core, XMP and Adobe PDF properties), with the old packet's PDF/A part and conformance when it had them.
 */
export function xmpPacket(infoText: InfoText, oldXmp: string): Uint8Array {
  const properties: string[] = [];
  const add = (element: string, value: string | undefined) => {
    if (value !== undefined) properties.push(`<${element}>${escapeXml(value)}</${element.split(' ')[0]}>`);
  };
  const alt = (value: string | undefined) =>
    value === undefined
      ? undefined
      : `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt>`;
  if (infoText.Title !== undefined) properties.push(`<dc:title>${alt(infoText.Title)}</dc:title>`);
  if (infoText.Author !== undefined) {
    properties.push(
      `<dc:creator><rdf:Seq><rdf:li>${escapeXml(infoText.Author)}</rdf:li></rdf:Seq></dc:creator>`,
    );
  }
  if (infoText.Subject !== undefined)
    properties.push(`<dc:description>${alt(infoText.Subject)}</dc:description>`);
  add('pdf:Keywords', infoText.Keywords);
  add('pdf:Producer', infoText.Producer);
  add('xmp:CreatorTool', infoText.Creator);
  add('xmp:CreateDate', infoText.CreationDate === undefined ? undefined : isoDate(infoText.CreationDate));
  add('xmp:ModifyDate', infoText.ModDate === undefined ? undefined : isoDate(infoText.ModDate));
  const part = /pdfaid:part(?:>|\s*=\s*["'])\s*(\d)/.exec(oldXmp)?.[1];
  const conformance = /pdfaid:conformance(?:>|\s*=\s*["'])\s*([ABUabu])/.exec(oldXmp)?.[1];
  if (part !== undefined) {
    properties.push(`<pdfaid:part>${part}</pdfaid:part>`);
    if (conformance !== undefined)
      properties.push(`<pdfaid:conformance>${conformance.toUpperCase()}</pdfaid:conformance>`);
  }
  const packet =
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"' +
    ' xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">\n' +
    properties.join('\n') +
    '\n</rdf:Description></rdf:RDF></x:xmpmeta>\n<?xpacket end="w"?>';
  return new TextEncoder().encode(packet);
}
