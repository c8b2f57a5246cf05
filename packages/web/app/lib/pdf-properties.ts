import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/**
 * Reads a PDF's title, author, subject and keywords with pdf.js, in the browser: nothing of the file leaves it. This
 * module is only ever loaded with a dynamic `import()` (PDF properties' form), so no other page downloads pdf.js.
 */
export type PdfProperties = {
  readonly title: string;
  readonly author: string;
  readonly subject: string;
  readonly keywords: string;
};

/** The properties as the information dictionary says them, else as the XMP does; null when the file does not open. */
export async function readPdfProperties(data: Uint8Array, password?: string): Promise<PdfProperties | null> {
  GlobalWorkerOptions.workerSrc = workerUrl;
  const task = getDocument({
    data,
    ...(password === undefined ? {} : { password }),
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
  });
  try {
    const document = await task.promise;
    const { info, metadata } = await document.getMetadata();
    const entries = info as Record<string, unknown>;
    const read = (key: string, xmpKey: string) => {
      const value = entries[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
      const fromXmp = metadata?.get(xmpKey);
      return typeof fromXmp === 'string' ? fromXmp.trim() : '';
    };
    return {
      title: read('Title', 'dc:title'),
      author: read('Author', 'dc:creator'),
      subject: read('Subject', 'dc:description'),
      keywords: read('Keywords', 'pdf:keywords'),
    };
  } catch {
    return null;
  } finally {
    await task.destroy();
  }
}
