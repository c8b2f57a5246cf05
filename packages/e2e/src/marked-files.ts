import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { corpusPath } from '@quire/corpus';

/**
 * Uploads that carry a marker where a server could keep a copy of it: as uncompressed text and metadata of a PDF,
 * as stored (uncompressed) text of a .docx, and as a JPEG comment. Built here, so the marker is new every run.
 */

/**
 * A PDF with `pages` pages, each showing the marker in an uncompressed content stream; its title is the marker. With
 * `table`, the marker and the page's number are the first column of a small ruled table on each page, figures the
 * second (PDF to Excel refuses a PDF without a table).
 */
export function markedPdf(marker: string, pages = 1, paddingBytes = 0, { table = false } = {}): Buffer {
  const objects: string[] = [];
  /** Adds an object and returns its number (1-based). */
  const add = (body: string) => objects.push(body);
  const catalog = add('<< /Type /Catalog /Pages 2 0 R >>');
  const pageTree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const info = add(`<< /Title (${marker}) /Subject (${marker}) >>`);
  const padding = '% padding line of a marked test document, ignored by every reader ..........\n'.repeat(
    Math.ceil(paddingBytes / 76),
  );
  const kids: number[] = [];
  for (let page = 0; page < pages; page += 1) {
    const text = table
      ? '0.5 w 40 620 m 572 620 l 40 596 m 572 596 l 40 572 m 572 572 l 40 620 m 40 572 l ' +
        '460 620 m 460 572 l 572 620 m 572 572 l S\n' +
        `BT /F1 10 Tf 46 604 Td (${marker}) Tj 420 0 Td (12) Tj -420 -24 Td (page ${page + 1}) Tj 420 0 Td (34) Tj ET\n`
      : `BT /F1 14 Tf 40 700 Td (${marker}) Tj 0 -20 Td (page ${page + 1}) Tj ET\n`;
    const content = page === 0 ? text + padding : text;
    const stream = add(`<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}endstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 612 792] /Contents ${stream} 0 R ` +
          `/Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      ),
    );
  }
  objects[pageTree - 1] =
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${pages} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * A PDF cut off after its last object: no cross-reference table, no trailer and no end marker. Every tool but Repair
 * PDF refuses it; Repair PDF's MuPDF rebuilds it whole from its objects.
 */
export function cutShort(pdf: Buffer): Buffer {
  return pdf.subarray(0, pdf.lastIndexOf('endobj') + 'endobj\n'.length);
}

/** Starts like a PDF and carries the marker, but has no objects, no xref and no trailer: a damaged file (422). */
export function damagedPdf(marker: string): Buffer {
  return Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Title (${marker}) >>\nstream\n${marker}\n`, 'latin1');
}

/** A .docx whose body repeats the marker in `paragraphs` paragraphs; every part is stored, not deflated. */
export function markedDocx(marker: string, paragraphs = 1): Buffer {
  const body = Array.from(
    { length: paragraphs },
    (_, index) => `<w:p><w:r><w:t>${marker} paragraph ${index + 1}</w:t></w:r></w:p>`,
  ).join('');
  return storedZip([
    // The document first, so that the marker arrives in the first bytes of an upload.
    [
      'word/document.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${body}<w:sectPr/></w:body></w:document>`,
    ],
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Target="word/document.xml" ' +
        'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument"/>' +
        '</Relationships>',
    ],
  ]);
}

/** A zip that is not a Word document (no main document part), carrying the marker: 415 for Word to PDF. */
export function markedNonWordZip(marker: string): Buffer {
  return storedZip([['notes.txt', marker]]);
}

/** A corpus JPEG with a comment segment (COM) holding the marker, right after the start-of-image marker. */
export function markedJpeg(marker: string): Buffer {
  const jpeg = readFileSync(corpusPath('images/pdfbox_grayscale.jpg'));
  const comment = Buffer.from(marker, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

/** A minimal zip archive whose entries are stored uncompressed. */
function storedZip(entries: [name: string, text: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
