import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uniqueEntryNames, writeZip } from './write-zip.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quire-zip-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('writeZip', () => {
  it('rejects with EFBIG, and never crashes its process, when the zip passes the size cap of one file', async () => {
    // The worker processes run under `prlimit --fsize` (the job's output budget): this process does the same.
    const entries = [0, 1, 2].map((index) => join(dir, `page-${index}`));
    for (const path of entries) await writeFile(path, Buffer.alloc(1024 * 1024, 9));
    const script = `
      const { writeZip } = await import(${JSON.stringify(new URL('./write-zip.ts', import.meta.url).href)});
      const entries = ${JSON.stringify(entries)}.map((path, index) => ({ name: 'page-' + index + '.jpg', path }));
      await writeZip(${JSON.stringify(join(dir, 'out.zip'))}, entries).then(
        () => console.log('written'),
        (error) => console.log('refused ' + error.code),
      );`;
    const output = execFileSync(
      'prlimit',
      ['--fsize=1572864', '--', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script],
      { encoding: 'utf8' },
    );
    expect(output.trim()).toBe('refused EFBIG');
  });

  it('stores every file byte for byte, in order, readable by unzip', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
    await writeFile(join(dir, 'a'), 'first');
    await writeFile(join(dir, 'b'), big);
    const output = join(dir, 'out.zip');
    await writeZip(output, [
      { name: 'report-p1.pdf', path: join(dir, 'a') },
      { name: 'report-p2.pdf', path: join(dir, 'b') },
    ]);
    const files = unzipSync(readFileSync(output));
    expect(Object.keys(files)).toEqual(['report-p1.pdf', 'report-p2.pdf']);
    expect(Buffer.from(files['report-p1.pdf'] ?? []).toString()).toBe('first');
    expect(Buffer.compare(Buffer.from(files['report-p2.pdf'] ?? []), big)).toBe(0);
    await writeZip(join(dir, 'same.zip'), [
      { name: 'a.pdf', path: join(dir, 'a') },
      { name: 'a.pdf', path: join(dir, 'b') },
    ]);
    expect(Object.keys(unzipSync(readFileSync(join(dir, 'same.zip'))))).toEqual(['a.pdf', 'a (2).pdf']);
    expect(execFileSync('unzip', ['-tq', output], { encoding: 'utf8' })).toMatch(/No errors/);
  });
});

describe('uniqueEntryNames', () => {
  it('makes names unique without regard to case, keeping the extension', () => {
    expect(uniqueEntryNames(['a.pdf', 'a.pdf', 'A.pdf']).map((name) => name.unique)).toEqual([
      'a.pdf',
      'a (2).pdf',
      'A (3).pdf',
    ]);
  });

  it('keeps only a safe last segment', () => {
    expect(
      uniqueEntryNames([
        '../../etc/passwd',
        'C:\\x\\CON.pdf',
        'a\u0000b.pdf',
        'name. ',
        'Cafe\u0301.pdf',
      ]).map((n) => n.unique),
    ).toEqual(['passwd', '_CON.pdf', 'a_b.pdf', 'name', 'Café.pdf']);
  });

  it('cuts long names to 150 bytes from the end of the stem, keeping the extension, copies included', () => {
    const long = `${'報告'.repeat(60)}-p12.pdf`;
    const names = uniqueEntryNames([long, long, `${'a'.repeat(148)}. .pdf`]).map((name) => name.unique);
    for (const name of names) {
      expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(150);
      expect(name).toMatch(/[^. ]\.pdf$/);
    }
    expect(names[1]).toMatch(/ \(2\)\.pdf$/);
    expect(names[2]).toBe(`${'a'.repeat(146)}.pdf`);
  });
});
