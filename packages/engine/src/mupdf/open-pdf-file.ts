import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type * as Mupdf from 'mupdf';
import type { MupdfModule } from './load-mupdf.ts';

export type OpenedPdfFile = {
  pdf: Mupdf.PDFDocument;
  /** Closes the document and the file; safe to call more than once. */
  close: () => void;
};

/**
 * Opens a PDF file in MuPDF without copying it into WebAssembly memory: MuPDF reads the bytes it needs (the
 * cross-reference table, then each object it is asked for) from the file as it goes. Reading a page tree this way
 * costs the tree, not the file: a 100 MB upload does not grow the worker's heap by 100 MB. Throws what MuPDF
 * throws on a file it cannot open.
 */
export function openPdfFile(mupdf: MupdfModule, path: string): OpenedPdfFile {
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  let stream: Mupdf.Stream | null = null;
  let pdf: Mupdf.PDFDocument | null = null;
  let isClosed = false;
  const close = () => {
    if (isClosed) return;
    isClosed = true;
    // The document holds the stream, the stream reads the file: dropped in that order.
    pdf?.destroy();
    stream?.destroy();
    closeSync(fd);
  };
  try {
    stream = new mupdf.Stream({
      fileSize: () => size,
      read: (memory, offset, length, position) => readSync(fd, memory, offset, length, position),
      close: () => undefined,
    });
    pdf = new mupdf.PDFDocument(stream);
    return { pdf, close };
  } catch (error) {
    close();
    throw error;
  }
}
