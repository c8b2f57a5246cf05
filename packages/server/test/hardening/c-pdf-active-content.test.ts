import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { TOOLS } from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActiveContentPdf } from '@quire/test-kit/active-content-pdf';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';
import { PDF_TOOLS, expectOutput, expectStillServing, postTool, type PdfTool } from './harness.ts';

/**
 * Hardening catalogue, group C, item 33: JavaScript and actions in PDFs. Nothing in a document runs or calls out
 * on the server, and what the outputs keep is a policy, tested here.
 */

const ACTIVE_KEYS = ['/JavaScript', '/OpenAction', '/Launch', '/SubmitForm', '/URI', '/XFA'];
/**
 * What a PDF/A result keeps of them: the link, which PDF/A allows and the tool keeps on purpose (it is marked as
 * printed before Ghostscript, which drops annotations that do not print). Ghostscript drops the scripts, the opening
 * and page actions, the Launch action, and the form with its submit button and XFA.
 */
const PDFA_ACTIVE_KEYS = ['/URI'];
/** Scripts and actions left in a PDF (its keys of `ACTIVE_KEYS`). */
type ActiveKeys = (pdf: Uint8Array) => Promise<string[]>;

/**
 * Policy: Quire edits documents without judging them (Redact PDF excepted, whose work is to remove what could tell). Lossless edits (rotate, page numbers, watermark, sign, compress, OCR, protect,
 * unlock, crop, repair) keep the document's scripts and actions as they were; page assembly (merge, split, remove and extract pages, organize) keeps
 * each page's own actions and drops the document-level ones, as it drops every catalog entry; conversions produce no
 * active content at all (PDF to text: the pages' words alone; PDF to Excel: its tables' cells alone; Compare PDFs:
 * a new report of the pages' drawings). Each tool that reads PDFs has its entry: a new one is a type error until its
 * policy is written here.
 */
const POLICY: Record<PdfTool, (output: Buffer, activeKeys: ActiveKeys) => Promise<void>> = {
  rotate: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  // A number added to each page's content, the rest of the document rewritten as it was.
  'page-numbers': async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  // A text drawn on each page (the probe's), as page numbers: the rest of the document rewritten as it was.
  watermark: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  compress: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  // The form goes into the page: its submit button (a widget) and the interactive form with its XFA are gone; the
  // document's scripts, the page's actions and its links stay, as in a lossless edit.
  flatten: async (output, activeKeys) =>
    expect(await activeKeys(output)).toEqual(['/JavaScript', '/OpenAction', '/Launch', '/URI']),
  // Its properties written again, the rest a lossless rewrite as compress's.
  metadata: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  // What could tell what was removed goes: every script and the actions that run one (the document's, the page's
  // additional actions, Launch among them) and the form's XFA; the submit button and the link stay, as they were.
  redact: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(['/SubmitForm', '/URI']),
  // A picture drawn on a page (the probe's), as a watermark: the rest of the document rewritten as it was.
  sign: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  ocr: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  merge: async (output, activeKeys) =>
    expect(await activeKeys(output)).toEqual(['/Launch', '/SubmitForm', '/URI']),
  // Its plain second page removed (the probe's page list): page assembly, as merge.
  'remove-pages': async (output, activeKeys) =>
    expect(await activeKeys(output)).toEqual(['/Launch', '/SubmitForm', '/URI']),
  'extract-pages': async (output, activeKeys) =>
    expect(await activeKeys(output)).toEqual(['/Launch', '/SubmitForm', '/URI']),
  // Its one page, as the probe's layout places it: page assembly, as merge.
  organize: async (output, activeKeys) =>
    expect(await activeKeys(output)).toEqual(['/Launch', '/SubmitForm', '/URI']),
  // A new document: each page that differs drawn from its content alone (a form of its page's content and resources),
  // so none of the document's scripts, actions, annotations (links, the submit button) or form comes along.
  compare: async (output, activeKeys) => expect(await activeKeys(output)).toEqual([]),
  // Encrypted with the probe's new password; opened with it, a lossless rewrite as rotate's.
  protect: async (output, activeKeys) =>
    expect(await activeKeys(await decrypted(output, TOOLS.protect.probeFields.newPassword))).toEqual(
      ACTIVE_KEYS,
    ),
  // No password to remove (the probe's file has none): the document as it was, its scripts and actions kept.
  unlock: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  // Nothing to mend (the probe's file is not damaged): the document as it was, byte for byte, scripts and actions kept.
  repair: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  split: async (output, activeKeys) => {
    const [piece] = Object.values(unzipSync(output));
    expect(await activeKeys(piece as Uint8Array)).toEqual(['/Launch', '/SubmitForm', '/URI']);
  },
  // New crop boxes appended to the document as it was (an incremental update): its scripts and actions kept.
  crop: async (output, activeKeys) => expect(await activeKeys(output)).toEqual(ACTIVE_KEYS),
  'pdf-to-word': async (output) => {
    const docx = unzipSync(output);
    expect(Object.keys(docx).filter((name) => /vba|macro|activeX|\.bin$/i.test(name))).toEqual([]);
    expect(strFromU8(docx['[Content_Types].xml'] as Uint8Array)).not.toMatch(/macroEnabled|vbaProject/);
  },
  // A presentation of text boxes and pictures: no macros, ActiveX controls or embedded objects, and no action but
  // the page's web links (those of safe schemes: `read-links.ts`), as PDF to Word keeps them.
  'pdf-to-powerpoint': async (output) => {
    const pptx = unzipSync(output);
    expect(Object.keys(pptx).filter((name) => /vba|macro|activeX|embeddings|\.bin$/i.test(name))).toEqual([]);
    expect(strFromU8(pptx['[Content_Types].xml'] as Uint8Array)).not.toMatch(/macroEnabled|vbaProject/);
    const slides = Object.keys(pptx).filter((name) => name.startsWith('ppt/slides/'));
    for (const name of slides) {
      const xml = strFromU8(pptx[name] as Uint8Array);
      expect(xml).not.toMatch(
        /ppaction:\/\/(macro|program|ole)|javascript:|file:|TargetMode="External"[^>]*Target="(?!https?:|mailto:|ftp:)/i,
      );
    }
  },
  // The table's cells alone: no macros, no links (the page's link is not in the table), no external workbook, and
  // nothing of the scripts, actions or XFA.
  'pdf-to-excel': async (output) => {
    const workbook = unzipSync(output);
    expect(
      Object.keys(workbook).filter((name) => /vba|macro|activeX|externalLink|\.bin$/i.test(name)),
    ).toEqual([]);
    const xml = Object.values(workbook)
      .map((part) => strFromU8(part))
      .join('\n');
    expect(xml).not.toMatch(/macroEnabled|vbaProject|hyperlink|127\.0\.0\.1|javascript|submit/i);
    expect(xml).toContain('<v>78</v>');
  },
  // PDF/A forbids scripts, Launch actions and XFA: Ghostscript drops them (and the rest, see PDFA_ACTIVE_KEYS), and
  // our checker refuses a result that kept any.
  'pdf-to-pdfa': async (output, activeKeys) => expect(await activeKeys(output)).toEqual(PDFA_ACTIVE_KEYS),
  // Plain UTF-8 text: the page's words, and nothing of the scripts, actions, links or XFA (none is page text).
  'pdf-to-text': async (output) => {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(output);
    expect(text.trim()).toBe('Active content probe');
  },
  // One page: the JPEG itself, pixels only.
  'pdf-to-jpg': async (output) => {
    expect([...output.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  },
  // One page: the PNG itself, pixels only.
  'pdf-to-png': async (output) => {
    expect(output.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  },
};

/** A protected PDF without its encryption, opened with its password. */
async function decrypted(pdf: Buffer, password: string): Promise<Buffer> {
  const scratch = await mkdtemp(join(tmpdir(), 'quire-protected-'));
  try {
    await writeFile(join(scratch, 'in.pdf'), pdf);
    execFileSync('qpdf', [
      `--password=${password}`,
      '--decrypt',
      join(scratch, 'in.pdf'),
      join(scratch, 'out.pdf'),
    ]);
    return await readFile(join(scratch, 'out.pdf'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('C. PDF JavaScript and actions (item 33)', () => {
  let canary: Server;
  let canaryUrl = '';
  const connections: string[] = [];
  beforeAll(async () => {
    // A raw TCP canary: any connection at all, whatever the protocol, is recorded.
    canary = createServer((socket) => {
      connections.push(socket.remoteAddress ?? 'unknown');
      socket.destroy();
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => canary.close(() => resolve())));

  it('33. nothing in a PDF runs or calls out on the server: OpenAction, AA, Launch, SubmitForm, URI, XFA', async () => {
    const active = createActiveContentPdf(canaryUrl);
    // Remove pages must keep a page: it gets a plain second page to remove.
    const activeAndPlain = createActiveContentPdf(canaryUrl, 2);
    // PDF to Excel refuses a PDF without a table: it gets one with a small table on its page.
    const activeWithTable = createActiveContentPdf(canaryUrl, 1, { table: true });
    const outputs = new Map<PdfTool, Buffer>();
    for (const tool of PDF_TOOLS) {
      const bytes =
        tool === 'remove-pages' ? activeAndPlain : tool === 'pdf-to-excel' ? activeWithTable : active;
      const reply = await postTool(testApp, tool, [{ name: 'active.pdf', bytes }]);
      expectOutput(reply, tool);
      outputs.set(tool, reply.rawPayload);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(connections).toEqual([]);
    const scratch = await mkdtemp(join(tmpdir(), 'quire-active-'));
    try {
      const activeKeys = async (pdf: Uint8Array) => {
        await writeFile(join(scratch, 'out.pdf'), pdf);
        const text = execFileSync('qpdf', [
          '--qdf',
          '--object-streams=disable',
          join(scratch, 'out.pdf'),
          '-',
        ]).toString('latin1');
        return ACTIVE_KEYS.filter((key) => new RegExp(`${key}\\b`).test(text));
      };
      for (const tool of PDF_TOOLS) await POLICY[tool](outputs.get(tool) as Buffer, activeKeys);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    await expectStillServing(testApp);
  });

  it('33. MuPDF never runs document JavaScript, and the browser preview runs pdf.js without eval', async () => {
    const repo = fileURLToPath(new URL('../../../..', import.meta.url));
    const callers = spawnSync(
      'grep',
      ['-rlE', 'enableJS|enableJavaScript|runJavaScript', join(repo, 'packages/engine/src')],
      {
        encoding: 'utf8',
      },
    );
    expect(callers.stdout).toBe('');
    // Every place the site opens a PDF with pdf.js: the page view's renderer worker and PDF properties' form.
    const openers = spawnSync('grep', ['-rl', 'getDocument(', join(repo, 'packages/web/app')], {
      encoding: 'utf8',
    })
      .stdout.split('\n')
      .filter((path) => path !== '' && !path.endsWith('.test.ts'));
    expect(openers.length).toBeGreaterThan(0);
    for (const path of openers) expect(await readFile(path, 'utf8')).toMatch(/isEvalSupported: false/);
    const { dependencies } = JSON.parse(await readFile(join(repo, 'packages/web/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // CVE-2024-4367 is fixed from pdf.js 4.2.67.
    const [major = 0, minor = 0, patch = 0] = (dependencies['pdfjs-dist'] ?? '0').split('.').map(Number);
    expect(major * 1e6 + minor * 1e3 + patch).toBeGreaterThanOrEqual(4_002_067);
  });
});
