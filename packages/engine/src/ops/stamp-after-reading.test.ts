import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { createVerticalModeJapanesePdf } from '../../test/vertical-pdfs.ts';
import { pdfToWord } from './pdf-to-word.ts';
import { watermark } from './watermark.ts';

// One worker's jobs one after another, as a server's worker runs them: what one job's document does to MuPDF must not
// reach the next job's output.

const ctx = useJobContext(120_000);
const JAPANESE = 'pdf/pdfjs_japanese-text_issue16538.pdf';

describe('a stamp after another job in the same worker', () => {
  it('writes Japanese after PDF to Word read a page whose Japanese font is named, not embedded', async () => {
    // MuPDF reads the page with a Noto face standing in for the font it names (`installFallbackFonts`).
    const vertical = join(ctx.workDir, 'vertical-mode.pdf');
    await writeFile(vertical, createVerticalModeJapanesePdf());
    await pdfToWord({ file: inputFile(vertical), options: { language: 'auto' } }, ctx);
    const marked = await watermark(
      {
        file: inputFile(corpusPath(JAPANESE)),
        image: undefined,
        options: {
          text: 'マル秘',
          position: 'center',
          opacity: 50,
          rotation: 0,
          fontSize: 48,
          color: '#808080',
          pages: '1',
          layer: 'over',
        },
      },
      ctx,
    );
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', marked.path, '-'], { encoding: 'utf8' });
    expect(text.replace(/\s/g, '')).toContain('マル秘');
  });
});
