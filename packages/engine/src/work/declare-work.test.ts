import { readFile, readdir, writeFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { LONG_JOB_MS, type ToolId } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { createNoiseTiledPdf, createTextOperatorBomb } from '@quire/test-kit/costly-pdfs';
import { createContentFlateBomb, createTextPdf, writePdf } from '@quire/test-kit/hostile-pdfs';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { ENGINE_OPS } from '../ops/index.ts';
import { opInput } from '../ops/op-input.ts';
import type { EngineOp, JobContext } from '../ops/types.ts';

const ctx = useJobContext(120_000);

/**
 * Runs an op until it declares its work (`JobContext.declareWork`), then stops it there: the estimate it gave, or
 * null when it ended without declaring.
 */
async function declaredWork(toolId: ToolId, bytes: Buffer, options: Record<string, unknown> = {}) {
  const path = join(ctx.workDir, 'input.pdf');
  await writeFile(path, bytes);
  const stop = new AbortController();
  let estimate: number | null = null;
  const job: JobContext = {
    ...ctx,
    signal: stop.signal,
    declareWork: async (estimateMs) => {
      estimate = estimateMs;
      stop.abort();
      throw new Error('declared');
    },
  };
  const op = ENGINE_OPS[toolId] as EngineOp<ToolId>;
  await op(opInput(toolId, { files: [inputFile(path)], options: options as never }), job).catch(
    () => undefined,
  );
  return estimate;
}

describe('declared work', () => {
  it('is short for a one-page document in every PDF tool, and for one or two pages of OCR', async () => {
    for (const toolId of ['rotate', 'split', 'compress', 'pdf-to-jpg', 'pdf-to-word'] as const) {
      const estimate = await declaredWork(toolId, createTextPdf('one page'), {
        mode: 'all',
        quality: 'medium',
      });
      expect(estimate, toolId).not.toBeNull();
      expect(estimate, toolId).toBeLessThan(LONG_JOB_MS.pdf / 2);
    }
    expect(await declaredWork('ocr', createTextPdf('two pages', 2))).toBeLessThan(LONG_JOB_MS.ocr);
  });

  it('is long for OCR of a ten-page scan', async () => {
    expect(await declaredWork('ocr', createTextPdf('ten pages', 10))).toBeGreaterThanOrEqual(LONG_JOB_MS.ocr);
  });

  it('counts the operators of a small file, not its size: 4 million text operators in a few hundred KB', async () => {
    const bomb = createTextOperatorBomb(4_000_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    for (const toolId of ['compress', 'pdf-to-jpg', 'pdf-to-word'] as const) {
      expect(await declaredWork(toolId, bomb, { quality: 'medium' }), toolId).toBeGreaterThanOrEqual(
        LONG_JOB_MS.pdf,
      );
    }
    // Page assembly copies the content without parsing it: the same file is short work for rotate.
    expect(await declaredWork('rotate', bomb)).toBeLessThan(LONG_JOB_MS.pdf);
  });

  it('measures a content stream that inflates to 1 GiB only up to its cap, and calls it long', async () => {
    const used = process.memoryUsage().rss;
    expect(
      await declaredWork('pdf-to-jpg', createContentFlateBomb(), { quality: 'low' }),
    ).toBeGreaterThanOrEqual(LONG_JOB_MS.pdf);
    expect(process.memoryUsage().rss - used).toBeLessThan(512 * 1024 * 1024);
  });
});

describe('declared work of hostile content', () => {
  it('never decodes a content stream of an image codec (the corpus JBIG2 bomb, 100000² pixels)', async () => {
    const bomb = await readFile(corpusPath('bad/pdfjs_bomb-giant_jbig2-100000x100000.pdf'));
    const used = process.memoryUsage().rss;
    expect(await declaredWork('compress', bomb)).not.toBeNull();
    expect(process.memoryUsage().rss - used).toBeLessThan(256 * 1024 * 1024);
  });
});

/** One page whose content stream draws a million paths, its deflated bytes given to `wrap` (to spoil them). */
function pathsPdf(wrap: (deflated: Buffer) => { filter: string; bytes: Buffer }): Buffer {
  const { filter, bytes } = wrap(deflateSync(Buffer.from('10 10 m 20 20 l S\n'.repeat(1_000_000))));
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    { dict: `<< /Filter ${filter} >>`, stream: bytes },
  ]);
}

/** ASCII85 as PDF writes it (for the test's input only). */
function ascii85(bytes: Buffer): Buffer {
  let text = '';
  for (let offset = 0; offset < bytes.length; offset += 4) {
    const chunk = Buffer.alloc(4);
    bytes.copy(chunk, 0, offset, offset + 4);
    let value = chunk.readUInt32BE(0);
    const digits: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    text += digits.slice(0, Math.min(5, bytes.length - offset + 1)).join('');
  }
  return Buffer.from(`${text}~>`, 'latin1');
}

describe('declared work of content that hides its size', () => {
  const spoilt: Array<[string, (deflated: Buffer) => { filter: string; bytes: Buffer }]> = [
    [
      'a wrong checksum',
      (d) => ({
        filter: '/FlateDecode',
        bytes: Buffer.concat([d.subarray(0, -1), Buffer.from([d.at(-1)! ^ 0xff])]),
      }),
    ],
    ['a cut end', (d) => ({ filter: '/FlateDecode', bytes: d.subarray(0, -4) })],
    ['no zlib header', (d) => ({ filter: '/FlateDecode', bytes: d.subarray(2) })],
    ['ASCII85 before Flate', (d) => ({ filter: '[/ASCII85Decode /FlateDecode]', bytes: ascii85(d) })],
  ];
  it.each(spoilt)('counts a million paths behind %s as long work', async (_, wrap) => {
    expect(await declaredWork('pdf-to-jpg', pathsPdf(wrap), { quality: 'low' })).toBeGreaterThanOrEqual(
      LONG_JOB_MS.pdf,
    );
  });
});

describe('PDF to JPG output forecast', () => {
  it('refuses twenty pages of noise from three sampled pages when the result cannot fit the budget', async () => {
    const path = join(ctx.workDir, 'noise.pdf');
    await writeFile(path, createNoiseTiledPdf(20));
    const limitBytes = 32 * 1024 * 1024;
    const result = ENGINE_OPS['pdf-to-jpg'](
      { file: inputFile(path), options: { quality: 'high' } },
      { ...ctx, maxOutputBytes: limitBytes },
    );
    await expect(result).rejects.toMatchObject({
      code: 'OUTPUT_TOO_LARGE',
      details: { limitBytes, limitMegabytes: 32 },
    });
    const drawn = (await readdir(join(ctx.workDir, 'pages'))).filter((name) => name.endsWith('.jpg'));
    expect(drawn.length).toBeLessThanOrEqual(3);
  });

  it('draws every page when the result fits, the sampled pages among them', async () => {
    const path = join(ctx.workDir, 'noise.pdf');
    // Eight pages at 300 dpi could pass the budget by their pixels: they are sampled, and fit.
    await writeFile(path, createNoiseTiledPdf(8));
    const fits = await ENGINE_OPS['pdf-to-jpg'](
      { file: inputFile(path), options: { quality: 'high' } },
      { ...ctx, maxOutputBytes: 100 * 1024 * 1024 },
    );
    expect(fits.report.values).toMatchObject({ pageCount: 8 });
  });
});
