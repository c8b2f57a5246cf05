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
