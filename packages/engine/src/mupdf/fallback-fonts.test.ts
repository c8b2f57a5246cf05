import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Lays a Japanese line out as HTML in a fresh process, as the first thing its MuPDF does (a worker's first job), and
 * prints the fonts its characters came out in. A fresh process: this test process's MuPDF has laid out other texts
 * already, and keeps the fallback font it found first.
 */
const FIRST_LAYOUT = `
const { loadMupdf } = await import(${JSON.stringify(resolve(import.meta.dirname, 'load-mupdf.ts'))});
const mupdf = await loadMupdf();
const html = '<html><body><div lang="ja" style="font-family:sans-serif">マル秘</div></body></html>';
const document = mupdf.Document.openDocument(new TextEncoder().encode(html), 'text/html');
document.layout(300, 300, 12);
const fonts = new Set();
document.loadPage(0).toStructuredText().walk({ onChar: (_c, _o, font) => fonts.add(font.getName()) });
console.log(JSON.stringify([...fonts]));
`;

describe('MuPDF fallback fonts', () => {
  it("lay a worker's first Japanese text out in Noto's Japanese face, not Droid Sans Fallback", () => {
    const printed = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', FIRST_LAYOUT],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(printed)).toEqual(['Noto-JP']);
  });
});
