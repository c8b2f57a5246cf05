import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ToolId } from '@quire/shared';
import { expect } from 'vitest';
import { createSlidesOdp } from '@quire/test-kit/hostile-presentations';
import { cutShort, markedDocx, markedJpeg, markedPdf } from './marked-files.ts';

// The cluster test's uploads: a form's parts, and each tool's case (its upload and what its right answer looks like).

export type Part = [string, string] | [string, Buffer, string];

export function formOf(parts: readonly Part[]): FormData {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new File([new Uint8Array(value)], fileName ?? 'file'));
  }
  return form;
}

export async function post(url: string, parts: readonly Part[]) {
  const response = await fetch(url, {
    method: 'POST',
    body: formOf(parts),
    signal: AbortSignal.timeout(120_000),
  });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The files the cluster test sends, each marked with `mark`, and the readers of its answers, which write them to the
 * folder `scratch()` names.
 */
export function clusterCases(mark: string, scratch: () => string) {
  /** Writes bytes to a scratch file and runs a command-line tool on it. */
  async function readWith(bytes: Buffer, name: string, command: string, args: (path: string) => string[]) {
    const path = join(scratch(), name);
    await writeFile(path, bytes);
    return execFileSync(command, args(path), { encoding: 'utf8' });
  }
  const pagesOf = async (pdf: Buffer) =>
    Number(await readWith(pdf, 'out.pdf', 'qpdf', (path) => ['--show-npages', path]));
  const textOf = (pdf: Buffer) => readWith(pdf, 'text.pdf', 'pdftotext', (path) => [path, '-']);
  const zipEntries = async (zip: Buffer) =>
    (await readWith(zip, 'out.zip', 'unzip', (path) => ['-Z1', path])).split('\n').filter(Boolean);

  const pdf = (pages: number) => markedPdf(mark, pages);

  /** Each tool with an upload and what its right answer looks like. */
  const TOOL_CASES: Record<ToolId, { parts: Part[]; check: (body: Buffer) => Promise<void> }> = {
    merge: {
      parts: [
        ['file-0', pdf(2), 'a.pdf'],
        ['file-1', pdf(3), 'b.pdf'],
      ],
      check: async (body) => expect(await pagesOf(body)).toBe(5),
    },
    split: {
      parts: [
        ['file', pdf(4), 'a.pdf'],
        ['mode', 'pages'],
      ],
      check: async (body) => expect(await zipEntries(body)).toHaveLength(4),
    },
    // Half an inch off each side of both pages: the same text, a smaller crop box.
    crop: {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['margins', '36, 36, 36, 36'],
      ],
      check: async (body) => {
        expect(await textOf(body)).toContain(mark);
        const boxes = await readWith(body, 'cropped.pdf', 'pdfinfo', (path) => ['-box', path]);
        expect(boxes).toMatch(/CropBox:\s+36\.00\s+36\.00/);
      },
    },
    compress: {
      parts: [['file', pdf(3), 'a.pdf']],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    flatten: {
      parts: [['file', pdf(2), 'a.pdf']],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    metadata: {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['title', 'Cluster'],
      ],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    redact: {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['search', mark],
      ],
      check: async (body) => {
        const text = await textOf(body);
        expect(text).not.toContain(mark);
        expect(text).not.toBe('');
      },
    },
    // A picture placed on a page: the numbered picture travels to the worker with the PDF.
    sign: {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['image-0', markedJpeg(mark), 'signature.jpg'],
        ['placements', '[{"page": 2, "x": 0.6, "y": 0.8, "width": 0.3, "height": 0.1, "image": 0}]'],
      ],
      check: async (body) => {
        const images = await readWith(body, 'signed.pdf', 'pdfimages', (path) => ['-list', path]);
        expect(images.match(/^\s+2\s+\d+\s+image\s/gm)).toHaveLength(1);
      },
    },
    'pdf-to-word': {
      parts: [['file', pdf(2), 'a.pdf']],
      check: async (body) => {
        // The marker on every page is a running head: it goes to the header, the page numbers to the body.
        const documentXml = await readWith(body, 'out.docx', 'unzip', (path) => [
          '-p',
          path,
          'word/document.xml',
        ]);
        const parts = await readWith(body, 'out.docx', 'unzip', (path) => ['-p', path, 'word/*.xml']);
        expect(documentXml).toContain('page 2');
        expect(parts).toContain(mark);
      },
    },
    'pdf-to-powerpoint': {
      parts: [['file', pdf(2), 'a.pdf']],
      check: async (body) => {
        // A slide per page, each with the marker and its page's number as text.
        const slides = await readWith(body, 'out.pptx', 'unzip', (path) => ['-p', path, 'ppt/slides/*.xml']);
        expect(slides.match(/<p:sld /g)).toHaveLength(2);
        expect(slides).toContain(mark);
        expect(slides).toContain('page 2');
      },
    },
    'word-to-pdf': {
      parts: [['file', markedDocx(mark, 3), 'a.docx']],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    'excel-to-pdf': {
      parts: [['file', Buffer.from(`${mark},1\n`), 'a.csv']],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    'powerpoint-to-pdf': {
      parts: [['file', Buffer.from(createSlidesOdp([mark])), 'a.odp']],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    'html-to-pdf': {
      parts: [['file', Buffer.from(`<!doctype html><p>${mark}</p>`), 'a.html']],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    'pdf-to-jpg': {
      parts: [
        ['file', pdf(3), 'a.pdf'],
        ['quality', 'low'],
      ],
      check: async (body) => expect(await zipEntries(body)).toHaveLength(3),
    },
    'pdf-to-png': {
      parts: [
        ['file', pdf(3), 'a.pdf'],
        ['quality', 'low'],
        ['transparent', 'true'],
      ],
      check: async (body) => expect(await zipEntries(body)).toHaveLength(3),
    },
    // The text of both pages, a form feed between them.
    // A sheet per page: the marker in the first cell of each page's table.
    'pdf-to-excel': {
      parts: [['file', markedPdf(mark, 2, 0, { table: true }), 'a.pdf']],
      check: async (body) => {
        const workbook = await readWith(body, 'out.xlsx', 'unzip', (path) => ['-p', path, 'xl/workbook.xml']);
        const sheet = await readWith(body, 'out.xlsx', 'unzip', (path) => [
          '-p',
          path,
          'xl/worksheets/sheet1.xml',
        ]);
        expect(workbook.match(/<sheet /g)).toHaveLength(2);
        expect(sheet).toContain(mark);
      },
    },
    'pdf-to-text': {
      parts: [['file', pdf(2), 'a.pdf']],
      check: async (body) => {
        const text = body.toString('utf8');
        expect(text).toContain(mark);
        expect(text.split('\f')).toHaveLength(2);
      },
    },
    // A page more in the second: the report's summary tells it inserted, and shows it.
    compare: {
      parts: [
        ['file-0', pdf(2), 'a.pdf'],
        ['file-1', pdf(3), 'b.pdf'],
      ],
      check: async (body) => {
        const text = (await textOf(body)).replace(/\s+/g, ' ');
        expect(text).toContain('Changed page 3: inserted');
        expect(text).toContain(mark);
      },
    },
    'pdf-to-pdfa': {
      parts: [['file', pdf(2), 'a.pdf']],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    'jpg-to-pdf': {
      parts: [['file-0', markedJpeg(mark), 'a.jpg']],
      check: async (body) => expect(await pagesOf(body)).toBe(1),
    },
    rotate: {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['angle', '90'],
      ],
      check: async (body) => {
        const info = await readWith(body, 'rotated.pdf', 'pdfinfo', (path) => ['-f', '1', '-l', '2', path]);
        expect(info.match(/rot:\s+90/g)).toHaveLength(2);
      },
    },
    'page-numbers': {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['format', 'Page {n} of {total}'],
      ],
      check: async (body) => expect(await textOf(body)).toContain('Page 2 of 2'),
    },
    // A picture: the extra file travels to the worker with the PDF.
    watermark: {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['image', markedJpeg(mark), 'mark.jpg'],
      ],
      check: async (body) => {
        const images = await readWith(body, 'images.pdf', 'pdfimages', (path) => ['-list', path]);
        expect(images.match(/^\s+[12]\s+\d+\s+image\s/gm)).toHaveLength(2);
      },
    },
    'remove-pages': {
      parts: [
        ['file', pdf(3), 'a.pdf'],
        ['pages', '2'],
      ],
      check: async (body) => expect(await pagesOf(body)).toBe(2),
    },
    'extract-pages': {
      parts: [
        ['file', pdf(3), 'a.pdf'],
        ['pages', '3, 1'],
      ],
      check: async (body) => expect(await pagesOf(body)).toBe(2),
    },
    organize: {
      parts: [
        ['file-0', pdf(3), 'a.pdf'],
        ['file-1', pdf(2), 'b.pdf'],
        ['layout', '[{"file": 1, "page": 2}, {"blank": "a4"}, {"file": 0, "page": 3, "rotate": 180}]'],
      ],
      check: async (body) => expect(await pagesOf(body)).toBe(3),
    },
    // Its text read back with the new password, and with none it does not open.
    protect: {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['newPassword', 'cluster pw'],
      ],
      check: async (body) => {
        const text = await readWith(body, 'protected.pdf', 'pdftotext', (path) => [
          '-upw',
          'cluster pw',
          path,
          '-',
        ]);
        expect(text).toContain(mark);
        await expect(pagesOf(body)).rejects.toThrow();
      },
    },
    unlock: {
      parts: [['file', pdf(2), 'a.pdf']],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
    // Cut off after its last object: rebuilt whole, both pages and their text.
    repair: {
      parts: [['file', cutShort(pdf(2)), 'a.pdf']],
      check: async (body) => {
        expect(await pagesOf(body)).toBe(2);
        expect(await textOf(body)).toContain(mark);
      },
    },
    // Pages with text are not read again: the document comes back with its own text.
    ocr: {
      parts: [
        ['file', pdf(2), 'a.pdf'],
        ['language', 'en'],
      ],
      check: async (body) => expect(await textOf(body)).toContain(mark),
    },
  };
  return { TOOL_CASES, pagesOf, textOf, zipEntries, pdf, readWith };
}
