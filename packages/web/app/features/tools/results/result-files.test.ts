import { resultFileName } from '@quire/shared';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { previewKindOf, readResultFiles, resultPasswordOf } from './result-files.ts';

const PDF = 'application/pdf';
const bytes = (text: string) => new TextEncoder().encode(text);

describe('the files a result holds', () => {
  it('is the result itself, under the name it is saved as, and the next tool names its own result after it', async () => {
    const blob = new Blob([bytes('%PDF-1.7 compressed')], { type: PDF });
    const fileName = resultFileName('compress', ['report.pdf'], PDF);
    const [carried, ...others] = await readResultFiles({ blob, fileName, mimeType: PDF });
    expect(others).toEqual([]);
    expect(carried?.name).toBe('report-compressed.pdf');
    expect(carried?.type).toBe(PDF);
    expect(await carried?.text()).toBe('%PDF-1.7 compressed');
    expect(resultFileName('rotate', [carried?.name ?? ''], PDF)).toBe('report-compressed-rotated.pdf');
  });

  it("reads a zip's files out in the zip's order, typed by their names", async () => {
    // Stored, as the server writes its zips, and deflated, as any zip may be; names that read as numbers last.
    const zip = zipSync(
      {
        'report-p2.jpg': [bytes('second'), { level: 0 }],
        'report-p1.jpg': [bytes('first'), { level: 6 }],
        '10.png': [bytes('third'), { level: 0 }],
      },
      {},
    );
    const files = await readResultFiles({
      blob: new Blob([zip]),
      fileName: 'report-jpg.zip',
      mimeType: 'application/zip',
    });
    expect(files.map((file) => [file.name, file.type])).toEqual([
      ['report-p2.jpg', 'image/jpeg'],
      ['report-p1.jpg', 'image/jpeg'],
      ['10.png', 'image/png'],
    ]);
    expect(await Promise.all(files.map((file) => file.text()))).toEqual(['second', 'first', 'third']);
  });
});

describe('how a result is shown', () => {
  const named = (...names: string[]) => names.map((name) => ({ name }));

  it("shows a PDF's pages, Compress's beside its original's, and several pictures", () => {
    expect(previewKindOf('merge', named('a-merged.pdf'))).toBe('pages');
    expect(previewKindOf('compress', named('a-compressed.pdf'))).toBe('compare');
    expect(previewKindOf('pdf-to-jpg', named('a-p1.jpg', 'a-p2.jpg'))).toBe('pictures');
  });

  it('shows nothing more for a Word file, a zip of PDFs or one picture (shown small with its name)', () => {
    expect(previewKindOf('pdf-to-word', named('a.docx'))).toBe('none');
    expect(previewKindOf('split', named('a-p1.pdf', 'a-p2.pdf'))).toBe('none');
    expect(previewKindOf('pdf-to-jpg', named('a.jpg'))).toBe('none');
  });
});

describe('the password that opens a result', () => {
  it("is Protect's new password, else the source's", () => {
    expect(resultPasswordOf('protect', { newPassword: 'n3w', permissions: 'none' }, 'old')).toBe('n3w');
    expect(resultPasswordOf('compress', { quality: 'medium' }, 'old')).toBe('old');
    expect(resultPasswordOf('compress', {}, undefined)).toBeUndefined();
  });
});
