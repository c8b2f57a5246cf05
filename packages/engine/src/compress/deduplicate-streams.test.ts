import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { writePdf } from '@quire/test-kit/hostile-pdfs';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import { deduplicateStreams } from './deduplicate-streams.ts';

const LOGO = Buffer.from(Array.from({ length: 48 }, (_, index) => (index * 37) % 256));
const logoObject = (extra = '') => ({
  dict: `<< /Type /XObject /Subtype /Image /Width 4 /Height 4 /ColorSpace /DeviceRGB /BitsPerComponent 8${extra} >>`,
  stream: LOGO,
});

/**
 * Three pages, each drawing "its own" copy of one logo (the same bytes under the same dictionary, three objects),
 * and a fourth whose image has the same bytes under another dictionary (a /Decode array: it looks different).
 */
function pagesWithCopiedLogos(): Buffer {
  const page = (image: number, content: number) =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents ${content} 0 R /Resources << /XObject << /Logo ${image} 0 R >> >> >>`;
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R 6 0 R] /Count 4 >>',
    page(8, 7),
    page(9, 7),
    page(10, 7),
    page(11, 7),
    { dict: '<< >>', stream: Buffer.from('q 100 0 0 100 50 50 cm /Logo Do Q') },
    logoObject(),
    logoObject(),
    logoObject(),
    logoObject(' /Decode [1 0 1 0 1 0]'),
  ]);
}

describe('deduplicateStreams', () => {
  it('keeps one copy of a stream embedded several times, and points every page at it', () => {
    const pdf = mupdf.Document.openDocument(pagesWithCopiedLogos(), 'application/pdf').asPDF();
    if (!pdf) throw new Error('not a PDF');
    expect(deduplicateStreams(pdf)).toBe(2);
    const saved = mupdf.Document.openDocument(
      ownedBytes(pdf.saveToBuffer('garbage=2')),
      'application/pdf',
    ).asPDF();
    if (!saved) throw new Error('not a PDF');
    const logos = [0, 1, 2, 3].map((index) =>
      saved.findPage(index).get('Resources', 'XObject', 'Logo').asIndirect(),
    );
    expect(logos[0]).toBe(logos[1]);
    expect(logos[1]).toBe(logos[2]);
    // The image with a /Decode array is another image.
    expect(logos[3]).not.toBe(logos[0]);
    let images = 0;
    for (let num = 1; num < saved.countObjects(); num += 1) {
      if (saved.newIndirect(num).get('Subtype').asName() === 'Image') images += 1;
    }
    expect(images).toBe(2);
  });

  it('merges nothing when every stream differs', () => {
    const pdf = mupdf.Document.openDocument(
      writePdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
        { dict: '<< >>', stream: Buffer.from('0 0 m 10 10 l S') },
        { dict: '<< >>', stream: Buffer.from('0 0 m 20 20 l S') },
      ]),
      'application/pdf',
    ).asPDF();
    if (!pdf) throw new Error('not a PDF');
    expect(deduplicateStreams(pdf)).toBe(0);
  });
});
