import * as mupdf from 'mupdf';
import { describe, expect, it } from 'vitest';
import { ownedBytes } from './owned-bytes.ts';

describe('ownedBytes', () => {
  it('copies a saved PDF out of the WebAssembly heap and frees the buffer, so later allocations cannot change it', () => {
    const pdf = new mupdf.PDFDocument();
    pdf.insertPage(-1, pdf.addPage([0, 0, 200, 200], 0, {}, ''));
    const saved = pdf.saveToBuffer('');
    const heap = saved.asUint8Array().buffer;
    const bytes = ownedBytes(saved);
    pdf.destroy();

    expect(saved.pointer).toBe(0);
    expect(bytes.buffer).not.toBe(heap);
    // The heap's freed memory is handed out again; the copy keeps its header.
    const reuse = Array.from({ length: 50 }, () => new mupdf.Buffer(new Uint8Array(bytes.length).fill(0x20)));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    expect(mupdf.PDFDocument.openDocument(bytes, 'application/pdf').countPages()).toBe(1);
    for (const buffer of reuse) buffer.destroy();
  });
});
