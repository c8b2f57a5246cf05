import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath, recall, words } from '@quire/corpus';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { bindScans, referenceWords, scanImage } from '@quire/test-kit/scanned-pdfs';
import { SCRIPT_SAMPLES, scriptScan } from '../../test/script-scans.ts';
import { pdfToWord } from '../ops/pdf-to-word.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { recognisePdf } from './recognise-pdf.ts';

const ctx = useJobContext(600_000);

type Sample = keyof typeof SCRIPT_SAMPLES;

/** The letters each sample's text is written in. */
const LETTERS: Record<Exclude<Sample, 'th'>, RegExp> = {
  'zh-cn': /\p{Script=Han}/u,
  'zh-tw': /\p{Script=Han}/u,
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  ko: /\p{Script=Hangul}/u,
  ar: /\p{Script=Arabic}/u,
  ru: /\p{Script=Cyrillic}/u,
  el: /\p{Script=Greek}/u,
  en: /\p{Script=Latin}/u,
};

/** An image-only PDF of our scans of `samples`, a page each; `en` fed sideways (turned 90° clockwise). */
async function scanOf(samples: readonly Sample[], name: string): Promise<string> {
  const images: string[] = [];
  for (const sample of samples) {
    const path = join(ctx.workDir, `${name}-${sample}.jpg`);
    images.push(await scriptScan(SCRIPT_SAMPLES[sample], path, sample === 'en' ? 90 : 0));
  }
  return bindScans(images, join(ctx.workDir, `${name}.pdf`));
}

const pageText = (path: string, page: number) =>
  execFileSync('pdftotext', ['-f', String(page), '-l', String(page), '-enc', 'UTF-8', path, '-'], {
    encoding: 'utf8',
  });

/** The share of `sample`'s own words found in `text`, and the share of `text`'s letters in its script. */
function judge(sample: Exclude<Sample, 'th'>, text: string): { found: number; inScript: number } {
  const { found, total } = recall(words(SCRIPT_SAMPLES[sample].lines.join('\n')), words(text));
  const letters = [...text].filter((character) => /\p{L}/u.test(character));
  const inScript = letters.filter((letter) => LETTERS[sample].test(letter)).length;
  return { found: found / total, inScript: letters.length === 0 ? 0 : inScript / letters.length };
}

describe('reading scans with no language chosen', () => {
  it('reads each page in the script it is written in, and gives no text for a page in a script no model knows', async () => {
    const order = ['zh-cn', 'ja', 'ko', 'ar', 'ru', 'el', 'zh-tw', 'en', 'th'] as const;
    const file = inputFile(await scanOf(order, 'scripts'));
    const output = join(ctx.workDir, 'ocr.pdf');
    const result = await recognisePdf(file, await inspectPdf(file, 0, ctx, 100), 'auto', output, ctx);

    expect(result.pages.map((page) => page.pageNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(result.models.split('+').sort()).toEqual(
      ['ara', 'chi_sim', 'chi_tra', 'ell', 'eng', 'jpn', 'kor', 'rus'].sort(),
    );
    for (const [index, sample] of order.entries()) {
      if (sample === 'th') continue;
      const judged = judge(sample, pageText(output, index + 1));
      // Simplified and traditional characters are told apart: the other set's forms would not be found.
      expect({ sample, ...judged, found: judged.found > 0.85, inScript: judged.inScript > 0.95 }).toEqual({
        sample,
        found: true,
        inScript: true,
      });
    }
    expect(result.pages[7]?.turn).toBe(270);
    // Thai: no model reads it, so nothing is claimed: no text on the page, and it is counted as not read.
    expect(pageText(output, 9).trim()).toBe('');
    expect(result.unreadPages.map((page) => page.pageNumber)).toEqual([9]);
  }, 600_000);

  it.each(['clean', 'worn'] as const)(
    'reads a %s page of Arabic words beside their English in Arabic and English',
    async (degradation) => {
      // The corpus's bidi sample: every line of a sample of the page is in one script or the other, each read by its
      // model only in part, and a single Chinese character read surely among them once made it a Chinese page. Worn
      // (turned, blurred, speckled), the sample's readings are all unsure and ranked Cyrillic before Arabic: the page
      // was read in Russian and English (39% of its words).
      // Its top (a third of the page, blank below) holds all its lines.
      const source = {
        path: corpusPath('pdf/pdfbox_bidi-arabic-sample.pdf'),
        page: 1,
        language: 'ar',
        area: { x: 0, y: 0, width: 595, height: 300 },
      };
      const image = await scanImage(source, degradation, join(ctx.workDir, `bidi-${degradation}`));
      const file = inputFile(bindScans([image], join(ctx.workDir, `bidi-${degradation}.pdf`)));
      const output = join(ctx.workDir, `bidi-${degradation}-ocr.pdf`);
      const result = await recognisePdf(file, await inspectPdf(file, 0, ctx, 100), 'auto', output, ctx);

      expect(result.models.split('+').sort()).toEqual(['ara', 'eng']);
      const { found, total } = recall(referenceWords(source), words(pageText(output, 1)));
      // Read with Arabic and English chosen: 71% (half its words are dates in Arabic-Indic digits, which Debian's
      // Arabic model does not know); in Chinese: 32%.
      expect(found / total).toBeGreaterThan(0.6);
    },
    600_000,
  );

  it('PDF to Word reads Chinese scans as Chinese, a table among them, and says it could read nothing on a Thai one', async () => {
    // A table of goods, whose script Tesseract's own detection took for Cyrillic, with no confidence, at 150 DPI: its
    // head and first thirteen rows (a third of the page, cut between two rows), read as the whole table is, in a
    // third of the time.
    const table = {
      path: corpusPath('pdf/pypdf_chinese-product-table_issue914.pdf'),
      page: 1,
      language: 'zh-cn',
      area: { x: 0, y: 0, width: 692, height: 302 },
    };
    const images = [
      await scanImage(table, 'clean', join(ctx.workDir, 'table')),
      await scriptScan(SCRIPT_SAMPLES['zh-cn'], join(ctx.workDir, 'chinese.jpg')),
      await scriptScan(SCRIPT_SAMPLES.th, join(ctx.workDir, 'thai.jpg')),
    ];
    const input = bindScans(images, join(ctx.workDir, 'chinese.pdf'));
    const result = await pdfToWord({ file: inputFile(input), options: { language: 'auto' } }, ctx);
    const xml = new TextDecoder().decode(unzipSync(await readFile(result.path))['word/document.xml']);
    const text = xml.replace(/<\/w:p>/g, '\n').replace(/<[^>]+>/g, '');
    // Its codes, figures and names, as a reading of it in Chinese finds them.
    const { found, total } = recall(referenceWords(table), words(text));
    expect(found / total).toBeGreaterThan(0.7);
    const judged = judge('zh-cn', text);
    expect(judged.found).toBeGreaterThan(0.85);
    // The table's goods carry units and brands in Latin letters (100g, 340ml, C).
    expect(judged.inScript).toBeGreaterThan(0.8);
    expect(result.report?.values).toMatchObject({ pageCount: 3, recognisedPages: '1-2', recognisedCount: 2 });
    expect(result.report?.notices).toContainEqual({ code: 'PAGES_ARE_SCANS', fileIndex: 0, pages: 1 });
  }, 600_000);
});
