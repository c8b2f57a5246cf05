import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusEntries, corpusPath, featureValue } from '@quire/corpus';
import { AppError, OPTION_KINDS, TOOLS, type ToolOptions } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, qpdfCheck, useJobContext } from '../../test/job-context.ts';
import { metadata } from './metadata.ts';

const ctx = useJobContext(120_000);

/** PDF/A-3a from Word: Author, Creator and Producer in its Info, and an XMP packet with its PDF/A identification. */
const PDFA = 'pdf/pdfbox_pdfa-3a_word2016.pdf';
/** Four revisions by Acrobat and LiveCycle: Subject "Payment Voucher", an author, XMP. */
const REVISED = 'pdf/pdflib_with-update-sections_incremental.pdf';
const OPEN_WITH_PASSWORD = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';

const NO_CHANGE: ToolOptions<'metadata'> = {
  title: undefined,
  author: undefined,
  subject: undefined,
  keywords: undefined,
  clear: 'false',
};

const run = (path: string, options: Partial<ToolOptions<'metadata'>>, password?: string) =>
  metadata({ file: inputFile(path, password), options: { ...NO_CHANGE, ...options } }, ctx);

/** The Info entries as poppler reads them (`pdfinfo`), by name; empty ones left out. */
function infoOf(path: string): Record<string, string> {
  const lines = execFileSync('pdfinfo', ['-isodates', path], { encoding: 'utf8' }).split('\n');
  const entries = lines.flatMap((line) => {
    const match = /^(Title|Author|Subject|Keywords|Creator|Producer|CreationDate|ModDate):\s*(.*)$/.exec(
      line,
    );
    return match && match[2] !== '' ? [[match[1], match[2]] as const] : [];
  });
  return Object.fromEntries(entries);
}

const xmpOf = (path: string) => execFileSync('pdfinfo', ['-meta', path], { encoding: 'utf8' });

/** Every byte of the file with its streams inflated and its strings as written, for looking for an old value. */
function everythingIn(path: string): string {
  const expanded = join(ctx.workDir, `expanded-${Date.now()}.pdf`);
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', '--decode-level=all', path, expanded]);
  const bytes = readFileSync(expanded);
  // Strings in UTF-16 (a title with accents or in another script) are looked for as such too.
  return `${bytes.toString('latin1')}\n${bytes.toString('utf16le')}\n${bytes.subarray(1).toString('utf16le')}`;
}

describe('metadata', () => {
  const pdfs = corpusEntries().filter((entry) => entry.group === 'pdf');
  it.each(pdfs.map((entry) => [entry.name, entry] as const))(
    '%s: the title set, every page and its text kept',
    async (_name, entry) => {
      const password = featureValue(entry, 'user-password');
      const source = corpusPath(entry.name);
      const result = await run(source, { title: 'Quire' }, password);
      expect(result.report.values).toMatchObject({ pageCount: Number(entry.pages), propertiesSet: 1 });
      expect(infoOf(result.path).Title).toBe('Quire');
      const textOf = (path: string, pdfPassword?: string) =>
        execFileSync('pdftotext', [...(pdfPassword ? ['-upw', pdfPassword] : []), path, '-'], {
          encoding: 'utf8',
          maxBuffer: 256 * 1024 * 1024,
        });
      expect(textOf(result.path)).toBe(textOf(source, password));
    },
  );

  it('writes the four properties into Info and the XMP alike, and keeps the PDF/A identification', async () => {
    const source = corpusPath(PDFA);
    expect(infoOf(source).Author).toBe('Tilman Hausherr');
    expect(xmpOf(source)).toMatch(/pdfaid:part>3</);
    const values = {
      title: 'Rapport annuel — تقرير سنوي — 年次報告',
      author: 'Ana & <Bob>',
      subject: 'Finances 2024',
      keywords: 'budget, bilan',
    };
    const result = await run(source, values);
    expect(result.report.values).toEqual({ pageCount: 1, propertiesSet: 4, cleared: 'false' });
    const info = infoOf(result.path);
    expect(info).toMatchObject({
      Title: values.title,
      Author: values.author,
      Subject: values.subject,
      Keywords: values.keywords,
      // What was not sent stays.
      Creator: 'Microsoft® Word 2016',
      Producer: 'Microsoft® Word 2016',
    });
    const xmp = xmpOf(result.path);
    expect(xmp).toContain(`<rdf:li xml:lang="x-default">${values.title}</rdf:li>`);
    expect(xmp).toContain('<rdf:li>Ana &amp; &lt;Bob&gt;</rdf:li>');
    expect(xmp).toContain('<pdf:Keywords>budget, bilan</pdf:Keywords>');
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>A</pdfaid:conformance>');
    // The old author is gone from every object, the old XMP packet included.
    expect(everythingIn(result.path)).not.toContain('Tilman');
    expect(qpdfCheck(result.path).ok).toBe(true);
    expect(execFileSync('pdftotext', [result.path, '-'], { encoding: 'utf8' })).toBe(
      execFileSync('pdftotext', [source, '-'], { encoding: 'utf8' }),
    );
  });

  it('changes only the title when only the title is sent', async () => {
    const source = corpusPath(REVISED);
    const before = infoOf(source);
    const result = await run(source, { title: 'Voucher' });
    expect(result.report.values).toMatchObject({ propertiesSet: 1, cleared: 'false' });
    const after = infoOf(result.path);
    expect(after.Title).toBe('Voucher');
    expect(after).toMatchObject({ Subject: before.Subject, Author: before.Author, Creator: before.Creator });
    expect(xmpOf(result.path)).toContain(
      '<dc:description><rdf:Alt><rdf:li xml:lang="x-default">Payment Voucher',
    );
  });

  it('removes every document property and the XMP, from every revision, with clear', async () => {
    const source = corpusPath(REVISED);
    // Its author, its programs and its XMP packet ("Payment Voucher" is also printed on the page: it stays there).
    const olds = ['SE:W:CAR:MP', 'LiveCycle', 'Acrobat Pro', 'x:xmpmeta'];
    for (const old of olds) expect(everythingIn(source)).toContain(old);
    const result = await run(source, { clear: 'true' });
    expect(result.report.values).toEqual({ pageCount: 1, propertiesSet: 0, cleared: 'true' });
    expect(infoOf(result.path)).toEqual({});
    expect(xmpOf(result.path).trim()).toBe('');
    const everything = everythingIn(result.path);
    for (const old of olds) expect(everything).not.toContain(old);
  });

  it('writes only the properties sent after clearing', async () => {
    const result = await run(corpusPath(PDFA), { clear: 'true', title: 'Clean' });
    expect(result.report.values).toMatchObject({ propertiesSet: 1, cleared: 'true' });
    expect(Object.keys(infoOf(result.path))).toEqual(['Title', 'ModDate']);
    expect(infoOf(result.path).Title).toBe('Clean');
    expect(xmpOf(result.path).trim()).toBe('');
  });

  it('leaves the properties as they were when nothing is sent', async () => {
    const source = corpusPath(REVISED);
    const result = await run(source, {});
    expect(result.report.values).toMatchObject({ propertiesSet: 0, cleared: 'false' });
    expect(infoOf(result.path)).toEqual(infoOf(source));
  });

  it('opens a protected file with its password and gives it back without one', async () => {
    const source = corpusPath(OPEN_WITH_PASSWORD);
    const result = await run(source, { title: 'Opened' }, 'view');
    expect(isEncrypted(result.path)).toBe(false);
    expect(infoOf(result.path).Title).toBe('Opened');
    expect(result.report.notices).toEqual([{ code: 'PASSWORD_REMOVED', fileIndex: 0 }]);
  });

  it('reads a property as one line of at most 1000 characters', () => {
    const spec = TOOLS.metadata.options.title;
    const read = (raw: string | undefined) => OPTION_KINDS.text.read('title', raw, spec);
    expect(read(undefined)).toBeUndefined();
    expect(read('x'.repeat(1000))).toHaveLength(1000);
    expect(() => read('x'.repeat(1001))).toThrow(AppError);
    expect(() => read('two\nlines')).toThrow(/line breaks/);
  });
});
