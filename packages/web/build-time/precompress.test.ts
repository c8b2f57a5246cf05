import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliQuality, precompress } from './precompress.ts';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('precompress', () => {
  it('writes brotli and gzip copies of text files that decompress to the original', async () => {
    root = await mkdtemp(join(tmpdir(), 'quire-precompress-'));
    await mkdir(join(root, 'assets'));
    const script = 'export const words = "' + 'compressible text '.repeat(200) + '";\n';
    await writeFile(join(root, 'assets/app.js'), script);
    await writeFile(join(root, 'index.html'), '<p>small</p>');
    await writeFile(join(root, 'assets/font.woff2'), Buffer.alloc(4096, 1));
    await writeFile(join(root, 'assets/app.js.br'), 'stale');

    const totals = await precompress(root);

    expect(totals.files).toBe(1);
    expect(brotliDecompressSync(await readFile(join(root, 'assets/app.js.br'))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(root, 'assets/app.js.gz'))).toString()).toBe(script);
    expect((await readdir(root)).sort()).toEqual(['assets', 'index.html']);
    expect((await readdir(join(root, 'assets'))).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'font.woff2',
    ]);
  });

  it("compresses the hashed assets at brotli's best quality, and pages one below", () => {
    expect(brotliQuality('/assets/app-1.js')).toBe(11);
    expect(brotliQuality('/assets/app-1.css')).toBe(11);
    expect(brotliQuality('/merge-pdf/index.html')).toBe(10);
    expect(brotliQuality('/ar/blog/assets-guide/index.html')).toBe(10);
    expect(brotliQuality('/merge-pdf.data')).toBe(10);
  });
});
