import { execFileSync } from 'node:child_process';
import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import { describe, expect, it } from 'vitest';
import { useJobContext, inputFile, qpdfCheck, qpdfPageCount } from '../../test/job-context.ts';
import { rotate } from './rotate.ts';

const ctx = useJobContext();

type PageFacts = { rotation: number; width: number; height: number };

/** Each page's rotation and MediaBox size as poppler reports them, independent of the code under test. */
function pageFacts(path: string, password?: string): PageFacts[] {
  const output = execFileSync(
    'pdfinfo',
    [...(password ? ['-upw', password] : []), '-f', '1', '-l', '9999', path],
    {
      encoding: 'utf8',
    },
  );
  const rotations = [...output.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((match) => Number(match[1]));
  const sizes = [...output.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/gm)].map((match) => [
    Number(match[1]),
    Number(match[2]),
  ]);
  return rotations.map((rotation, index) => ({
    rotation,
    width: sizes[index]?.[0] ?? 0,
    height: sizes[index]?.[1] ?? 0,
  }));
}

async function rotateName(name: string, angle: '90' | '180' | '270', pages?: string, password?: string) {
  return rotate({ file: inputFile(corpusPath(name), password), options: { angle, pages } }, ctx);
}

describe('rotate', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf');
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: every page turned 90° clockwise, sizes kept',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const result = await rotateName(entry.name, '90', undefined, password);
      const before = pageFacts(corpusPath(entry.name), password);
      const after = pageFacts(result.path);
      expect(after).toEqual(before.map((page) => ({ ...page, rotation: (page.rotation + 90) % 360 })));
      expect(qpdfCheck(result.path).ok).toBe(true);
    },
  );

  it('turns only the listed pages, each once, by the angle asked', async () => {
    const name = 'pdf/pdfjs_tracemonkey-paper_14p-text-2col.pdf';
    const result = await rotateName(name, '270', '1-3, 2, 14');
    const rotations = pageFacts(result.path).map((page) => page.rotation);
    expect(rotations).toEqual([270, 270, 270, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 270]);
    expect(qpdfPageCount(result.path)).toBe(14);
  });

  it('adds to the rotation a page already has', async () => {
    const name = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
    const before = pageFacts(corpusPath(name)).map((page) => page.rotation);
    const after = pageFacts((await rotateName(name, '180')).path).map((page) => page.rotation);
    expect(after).toEqual(before.map((rotation) => (rotation + 180) % 360));
  });

  it('is lossless: page content streams are not rewritten', async () => {
    const name = 'pdf/pdflib_giraffe_large-jpeg-600pt.pdf';
    const text = (path: string) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    const result = await rotateName(name, '90');
    expect(text(result.path)).toBe(text(corpusPath(name)));
    const images = (path: string) =>
      execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' })
        .split('\n')
        .slice(2)
        .map((line) => line.split(/\s+/).slice(3, 12).join(' '));
    expect(images(result.path)).toEqual(images(corpusPath(name)));
  });

  it('names a page list item that is out of range', async () => {
    await expect(rotateName('pdf/pdfbox_rotations-90-180-270_6p.pdf', '90', '1, 7-9')).rejects.toMatchObject({
      code: 'INVALID_PAGE_RANGE',
      details: { item: '7-9', reason: 'outOfRange', pageCount: 6 },
    });
  });

  it('asks for the password of a protected file', async () => {
    await expect(rotateName('pdf/pysamples_encrypted_user-openpassword.pdf', '90')).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
    });
  });
});
