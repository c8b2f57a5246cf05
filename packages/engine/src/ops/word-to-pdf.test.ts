import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { corpusEntries, corpusEntry, corpusPath, hasFeature, type CorpusEntry } from '@quire/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobContext, inputFile, qpdfPageCount, useJobContext } from '../../test/job-context.ts';
import { createDocx, createLinkingDocx } from '@quire/test-kit/hostile-word';
import { wordToPdfFaults } from '@quire/test-kit/word-to-pdf-checks';
import { stopWarmOffice, warmOfficeProcessGroup } from '../libreoffice/warm-office.ts';
import { JobPool } from '../runner/pool.ts';
import type { JobContext } from './types.ts';
import { wordToPdf } from './word-to-pdf.ts';

const ctx = useJobContext(60_000);
const convert = (path: string, context: JobContext = ctx) =>
  wordToPdf({ file: inputFile(path), options: {} }, context);
const pdfText = (path: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
const squeeze = (text: string) => text.replace(/\s+/g, '');

afterAll(stopWarmOffice);

/**
 * One corpus document of each kind, held to the op's checks here; `npm run bench word-to-pdf` holds every corpus
 * document to the same checks (`@quire/test-kit/word-to-pdf-checks`): the long real-world documents (Persian with
 * 138 footnotes, 87k characters, long tables and images) and the others of a kind already here are checked there.
 */
const ONE_OF_EACH_KIND = [
  'word/mammoth_tables.docx', // a table
  'word/mammoth_text-box.docx', // a text box
  'word/mammoth_strict-ooxml.docx', // Strict OOXML namespaces
  'word/mammoth_empty-document.docx', // an empty body
  'word/pythondocx_images-in-body-and-header.docx', // pictures in the body and a header
  'word/poi_various-pictures.docx', // EMF, WMF, PNG and JPEG pictures
  'word/poi_stress023_tracked-changes-long.docx', // tracked changes in a long real-world document
  'word/poi_stress019_japanese-tables.docx', // Japanese in tables
  'word/poi_bib-chernigovka_cyrillic-realworld.docx', // Russian, with text boxes
  'word/poi_stress007_equations-omml.docx', // equations
  'word/poi_charts-embedded-xlsx.docx', // charts of an embedded workbook
  'word/gotenberg_12-pages.docx', // page breaks: 12 pages
  'word/poi_Bug45473_hebrew.doc', // Word 97–2003, Hebrew
  'word/poi_61490_chinese-headings.doc', // Word 97–2003, Chinese headings
  'word/poi_test-pictures.doc', // Word 97–2003, pictures of several formats
  'word/poi_ob_is_cyrillic-long.doc', // Word 97–2003, a long real-world document
  'word/poi_word95-format.doc', // Word 95
];

describe('wordToPdf over one corpus document of each kind', () => {
  it.each(ONE_OF_EACH_KIND.map((name) => [name, corpusEntry(name)] as const))(
    'converts %s',
    async (_, entry) => {
      const path = corpusPath(entry.name);
      const result = await convert(path);
      expect(wordToPdfFaults(entry, path, result.path)).toEqual([]);
    },
  );

  it('refuses the password-protected .docx with PASSWORD_REQUIRED', async () => {
    const entry = corpusEntries().find((candidate) => hasFeature(candidate, 'encrypted-ooxml'));
    await expect(convert(corpusPath(entry?.name ?? ''))).rejects.toMatchObject({
      code: 'PASSWORD_REQUIRED',
      details: { fileName: 'gotenberg_encrypted_password-foo.docx' },
    });
  });
});

describe('wordToPdf hyphenates', () => {
  it('a document that asks for automatic hyphenation, as Word does', async () => {
    const words =
      'internationalization extraordinarily representatives responsibilities characteristically '.repeat(4);
    const settingsType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml';
    const docx = createDocx({
      // A column two inches wide, in English.
      body:
        `<w:p><w:r><w:rPr><w:lang w:val="en-US"/></w:rPr><w:t>${words.trim()}</w:t></w:r></w:p>` +
        '<w:sectPr><w:pgSz w:w="2880" w:h="8000"/><w:pgMar w:top="360" w:right="360" w:bottom="360" w:left="360"/></w:sectPr>',
      documentRels:
        '<Relationship Id="rIdSettings" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/>',
      parts: {
        'word/settings.xml':
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:autoHyphenation/></w:settings>',
      },
      contentTypes: `<Override PartName="/word/settings.xml" ContentType="${settingsType}"/>`,
    });
    const path = join(ctx.workDir, 'hyphenated.docx');
    writeFileSync(path, docx);
    // `-raw`: poppler otherwise joins a word hyphenated at a line's end.
    const lines = execFileSync('pdftotext', ['-raw', (await convert(path)).path, '-'], {
      encoding: 'utf8',
    }).split('\n');
    // Without the language's hyphenation patterns each long word would take a line of its own, unbroken.
    expect(lines.filter((line) => /\p{L}-$/u.test(line.trim())).length).toBeGreaterThanOrEqual(3);
  });
});

describe('wordToPdf reads RTF and plain text', () => {
  const write = (name: string, bytes: Uint8Array | string) => {
    const path = join(ctx.workDir, name);
    writeFileSync(path, bytes);
    return path;
  };
  const textOf = async (name: string, bytes: Uint8Array | string) =>
    squeeze(pdfText((await convert(write(name, bytes))).path));

  it('an RTF file, its accents and Unicode escapes kept', async () => {
    const rtf =
      "{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}\\f0\\fs24 Caf\\'e9 au lait \\u26085?\\u26412?\\par Second paragraph\\par}";
    expect(await textOf('letter.rtf', rtf)).toBe(squeeze('Café au lait 日本 Second paragraph'));
  });

  it('a text file in UTF-8 (lines ending in CRLF, CR or LF), UTF-16 with its mark, or Windows-1252', async () => {
    const lines = ['Größe — “quoted”', 'naïve 日本語', 'third line', 'fourth line'];
    expect(await textOf('utf8.txt', `${lines[0]}\r\n${lines[1]}\r${lines[2]}\n${lines[3]}\n`)).toBe(
      squeeze(lines.join('')),
    );
    expect(await textOf('utf16.txt', Buffer.from(`\uFEFF${lines.join('\r\n')}`, 'utf16le'))).toBe(
      squeeze(lines.join('')),
    );
    expect(await textOf('latin.txt', Buffer.from('café crème\r\n', 'latin1'))).toBe('cafécrème');
  });

  it('refuses markup, which is not plain text', async () => {
    await expect(convert(write('page.txt', '<html><body>hi</body></html>'))).rejects.toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: '"page.txt" is not a Word document (.docx, .doc, .odt, .rtf or .txt).',
    });
  });
});

describe('wordToPdf on bad inputs', () => {
  /** The answer each bad Word file's `expected` column asks for, keyed by the feature that says why. */
  const expectations: Array<[feature: string, code: string | null]> = [
    ['zero-byte', 'EMPTY_FILE'],
    // An OpenDocument text named .docx: Word to PDF reads ODT, so it converts (as `expected` allows).
    ['odt-with-docx-extension', null],
    ['zip-not-ooxml', 'INVALID_FILE_TYPE'],
    ['truncated-zip', 'FILE_DAMAGED'],
    ['corrupt-zip', 'FILE_DAMAGED'],
    // Deviation from `expected` (reject): LibreOffice recovers this fuzzed .doc (its FIB holds one character)
    // into a 1-page PDF; nothing in the container is inconsistent enough to reject it before conversion.
    ['corrupt-doc', null],
    ['external-image-reference', null],
    // LibreOffice refuses a part with a DOCTYPE: a clean rejection, and the entity is never resolved.
    ['xxe', 'FILE_DAMAGED'],
  ];
  const badWord = corpusEntries().filter((entry) => entry.group === 'bad' && /\.docx?$/.test(entry.name));
  const cases = badWord.map((entry: CorpusEntry) => {
    const match = expectations.find(([feature]) => hasFeature(entry, feature));
    if (!match) throw new Error(`no expectation for ${entry.name}: ${entry.expected}`);
    return [entry.name, match[1]] as const;
  });

  it.each(cases)('answers %s with %s (null: converts)', async (name, code) => {
    const job = convert(corpusPath(name));
    if (code) {
      await expect(job).rejects.toMatchObject({ code, details: { fileName: name.split('/')[1] } });
    } else {
      expect(qpdfPageCount((await job).path)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('wordToPdf never fetches linked content', () => {
  let canary: Server;
  let port = 0;
  const requests: string[] = [];
  const hostname = readFileSync('/etc/hostname', 'utf8').trim();

  beforeAll(async () => {
    // A raw TCP canary (the engine has no HTTP code): it records any connection at all, whatever the protocol.
    canary = createServer((socket) => {
      socket.once('data', (chunk) => requests.push(chunk.toString('latin1').split('\r\n')[0] ?? ''));
      socket.end('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nCANARYBODY');
      requests.push('connection');
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    port = (canary.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => canary.close(() => resolve())));

  it('converts a .docx with external image relationships and INCLUDETEXT/INCLUDEPICTURE fields', async () => {
    const path = join(ctx.workDir, 'links.docx');
    writeFileSync(path, createLinkingDocx(`http://127.0.0.1:${port}`));
    const result = await convert(path);
    const text = pdfText(result.path);
    expect(text).toContain('Quire link canary');
    expect(text).not.toContain('CANARYBODY');
    expect(squeeze(text)).not.toContain(squeeze(hostname));
    expect(requests).toEqual([]);
  });

  it('converts the corpus document linking file:// images without embedding them', async () => {
    const result = await convert(corpusPath('bad/pythondocx_linked-images-file-url.docx'));
    expect(qpdfPageCount(result.path)).toBeGreaterThanOrEqual(1);
    expect(requests).toEqual([]);
  });
});

describe('wordToPdf when LibreOffice fails', () => {
  const SHORT = 'word/mammoth_tables.docx';
  const LONG = 'word/poi_Bug50936-3_long-87k-chars.doc';

  it('survives LibreOffice killed mid-job: that job is retried cold, the next one runs warm again', async () => {
    await convert(corpusPath(SHORT));
    const group = await warmOfficeProcessGroup();
    expect(group).toBeGreaterThan(0);
    const job = convert(corpusPath(LONG));
    setTimeout(() => process.kill(-(group as number), 'SIGKILL'), 300);
    expect(qpdfPageCount((await job).path)).toBeGreaterThan(1);
    expect(qpdfPageCount((await convert(corpusPath(SHORT))).path)).toBeGreaterThanOrEqual(1);
    const replacement = await warmOfficeProcessGroup();
    expect(replacement).toBeGreaterThan(0);
    expect(replacement).not.toBe(group);
  });

  it('kills a conversion that runs out of time with JOB_TIMEOUT, and the next job succeeds', async () => {
    await convert(corpusPath(SHORT));
    const short = await createJobContext(50);
    try {
      await expect(convert(corpusPath(LONG), short)).rejects.toMatchObject({ code: 'JOB_TIMEOUT' });
    } finally {
      await short.dispose();
    }
    expect(qpdfPageCount((await convert(corpusPath(SHORT))).path)).toBeGreaterThanOrEqual(1);
  });

  it('leaves no LibreOffice or bridge process behind when its worker thread ends', async () => {
    await stopWarmOffice();
    const pool = new JobPool({ size: 1, maxQueue: 1 });
    const result = await pool.run(
      'word-to-pdf',
      { files: [inputFile(corpusPath(SHORT))], options: {} },
      { signal: new AbortController().signal, timeoutMs: 60_000, workDir: ctx.workDir },
    );
    expect(qpdfPageCount(result.path)).toBe(1);
    const started = officeDescendants(process.pid);
    expect(started.length).toBeGreaterThan(0);
    await pool.close();
    await expect.poll(() => started.filter(isRunning), { timeout: 5000 }).toEqual([]);
  });
});

/** LibreOffice processes (bwrap, the Python bridge, soffice.bin) among `pid`'s descendants, as pids. */
function officeDescendants(pid: number): number[] {
  const children = (parent: number): number[] =>
    readdirSync(`/proc/${parent}/task`).flatMap((task) =>
      readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  const all: number[] = [];
  const visit = (parent: number) => {
    for (const child of children(parent)) {
      all.push(child);
      visit(child);
    }
  };
  visit(pid);
  return all.filter((child) => /bwrap|python|soffice/.test(readFileSync(`/proc/${child}/comm`, 'utf8')));
}

function isRunning(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[2]?.startsWith('Z');
  } catch {
    return false;
  }
}
