import { readFile, stat } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { formatBytes, homePath, LOCALE_INFO, toolPath, type Locale } from '@quire/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '@quire/test-kit/browser';
import { waitForHydration } from './browser-session.ts';

const baseUrl = inject('baseUrl');
const PDF = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const DOCX = 'word/mammoth_tables.docx';
const JPG = 'images/pysamples_progressive.jpg';
const PDF_TOOLS = [
  'split',
  'crop',
  'compress',
  'flatten',
  'metadata',
  'redact',
  'sign',
  'pdf-to-word',
  'pdf-to-excel',
  'pdf-to-powerpoint',
  'pdf-to-jpg',
  'pdf-to-png',
  'pdf-to-text',
  'pdf-to-pdfa',
  'rotate',
  'page-numbers',
  'watermark',
  'ocr',
  'remove-pages',
  'extract-pages',
  'organize',
  'protect',
  'unlock',
  'repair',
];
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const NOTES = { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# plain text') };
const isolated = (text: string) => `\u2068${text}\u2069`;
/** Every type some tool takes, in the order of the file kinds. */
const EVERY_TYPE = [
  'PDF',
  'Word',
  'ODT',
  'RTF',
  'TXT',
  'Excel',
  'ODS',
  'CSV',
  'PowerPoint',
  'ODP',
  'HTML',
  'ZIP',
  'JPG',
  'PNG',
  'WebP',
  'TIFF',
  'GIF',
  'BMP',
  'HEIC',
  'AVIF',
];
const EVERY_TYPE_EN = `${EVERY_TYPE.slice(0, -1).map(isolated).join(', ')}, or ${isolated('AVIF')}`;
const EVERY_TYPE_AR = EVERY_TYPE.map(isolated).join(' أو ');

let session: Awaited<ReturnType<typeof launchBrowser>> | undefined;
beforeAll(async () => {
  session = await launchBrowser();
});
afterAll(async () => {
  await session?.close();
});

/** The home page of a language in a fresh context, hydrated. */
async function openHome(locale: Locale, viewport = { width: 1280, height: 900 }): Promise<Page> {
  if (!session) throw new Error('the browser did not start');
  const context = await session.browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(new URL(homePath(locale), baseUrl).href);
  await waitForHydration(page);
  return page;
}

describe('the home page upload area', () => {
  it('asks for files of every kind a tool takes, and names a file it refuses', async () => {
    const page = await openHome('en');
    const area = page.getByTestId('drop-area');
    expect(await area.textContent()).toContain('Drop your files here');
    expect(await area.textContent()).toContain(`Up to 50 ${EVERY_TYPE_EN} files, up to 100MB each`);
    expect(await page.getByTestId('select-files-button').textContent()).toBe('Select Files');

    await page
      .getByTestId('file-input')
      .setInputFiles([
        { name: 'report.pdf', mimeType: 'application/pdf', buffer: await readFile(corpusPath(PDF)) },
        NOTES,
      ]);
    await expect
      .poll(() => page.getByTestId('upload-error').textContent())
      .toBe(`Invalid file type: “${isolated('notes.md')}”. Please select ${EVERY_TYPE_EN} files.`);
    expect(await page.getByTestId('selected-file').count()).toBe(1);

    // A PDF and a Word document together suit no tool: each kind is offered its own tools.
    await page.getByTestId('file-input').setInputFiles([corpusPath(DOCX)]);
    await expect
      .poll(() => page.getByTestId('home-file-group').evaluateAll(kindsOf))
      .toEqual(['pdf', 'word']);
    expect(await page.getByTestId('home-tool-choice').textContent()).not.toContain('Try');
    await page.context().close();
  });

  it('says the same in Arabic', async () => {
    const page = await openHome('ar');
    const area = page.getByTestId('drop-area');
    expect(await area.textContent()).toContain('أفلت ملفاتك هنا');
    expect(await area.textContent()).toContain(`بصيغة ${EVERY_TYPE_AR}`);
    expect(await page.getByTestId('select-files-button').textContent()).toBe('اختيار ملفات');

    await page.getByTestId('file-input').setInputFiles([
      { ...NOTES, name: 'ملاحظات.md' },
      { ...NOTES, name: 'draft.pages' },
    ]);
    await expect
      .poll(() => page.getByTestId('upload-error').textContent())
      .toBe(
        `نوع الملف «${isolated('ملاحظات.md')}» غير مدعوم. يُرجى اختيار ملفات بصيغة ${EVERY_TYPE_AR}. ` +
          'لم تتم إضافة ملف آخر أيضًا.',
      );
    await page.context().close();
  });

  it('offers one PDF its tools but not merge, and two PDFs merge, organize and compare', async () => {
    const page = await openHome('en', DESKTOP);
    const input = page.getByTestId('file-input');
    await input.setInputFiles([corpusPath(PDF)]);
    await expect.poll(() => toolsOffered(page)).toEqual(PDF_TOOLS);
    await input.setInputFiles([
      { name: 'second.pdf', mimeType: 'application/pdf', buffer: await readFile(corpusPath(PDF)) },
    ]);
    await expect.poll(() => toolsOffered(page)).toEqual(['merge', 'organize', 'compare']);
    await page.context().close();
  });

  it('shows a JPG with an image icon, offers a PDF and a JPG the tools of each, and takes only the JPG on', async () => {
    const page = await openHome('en', DESKTOP);
    await page.getByTestId('file-input').setInputFiles([corpusPath(PDF), corpusPath(JPG)]);
    await expect
      .poll(() => page.locator('[data-file-kind]').evaluateAll(fileKindsOf))
      .toEqual(['pdf', 'image']);
    const choice = page.getByTestId('home-tool-choice');
    await expect
      .poll(() => choice.locator('p').first().textContent())
      .toBe(
        'No single tool takes these files together. Choose a tool for one kind of file: only those files go with it.',
      );
    expect(await page.getByTestId('home-file-group').evaluateAll(kindsOf)).toEqual(['pdf', 'image']);
    const images = page.locator('[data-testid="home-file-group"][data-kind="image"]');
    expect(await images.locator('h3').textContent()).toBe('Your image');
    expect(await toolsOffered(page)).toEqual([...PDF_TOOLS, 'jpg-to-pdf']);

    await images.getByTestId('home-tool-link').click();
    await page.waitForURL((url) => url.pathname === toolPath('en', 'jpg-to-pdf'));
    await expect
      .poll(() => page.getByTestId('selected-file-name').allTextContents())
      .toEqual([JPG.split('/').pop()]);
    await page.context().close();
  });

  it('says the same on an Arabic phone, in the width of the screen', async () => {
    const page = await openHome('ar', PHONE);
    await page.getByTestId('file-input').setInputFiles([corpusPath(PDF), corpusPath(JPG), corpusPath(JPG)]);
    await expect
      .poll(() => page.getByTestId('home-file-group').evaluateAll(kindsOf))
      .toEqual(['pdf', 'image']);
    const images = page.locator('[data-testid="home-file-group"][data-kind="image"]');
    expect(await images.locator('h3').textContent()).toBe('صورتان');
    expect(await page.locator('[data-testid="home-file-group"][data-kind="pdf"] h3').textContent()).toBe(
      'ملف PDF',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });

  it.each(['de', 'ar'] as const)(
    'keeps a long file name and the tools offered within the width of a phone (%s)',
    async (locale) => {
      const page = await openHome(locale, PHONE);
      // An image named as cameras and archives name them: one long run of letters and underscores.
      const photo = {
        name: 'exifexamples_landscape_orientation_of_the_camera_roll-6.jpg',
        mimeType: 'image/jpeg',
        buffer: await readFile(corpusPath(JPG)),
      };
      const pdf = {
        name: 'report.pdf',
        mimeType: 'application/pdf',
        buffer: await readFile(corpusPath(PDF)),
      };
      await page.getByTestId('file-input').setInputFiles([pdf, photo]);
      await page.getByTestId('home-tool-choice').waitFor();
      // Nothing of the card reaches past the screen's edges (the hero clips what would, so scrollWidth says nothing).
      const outside = await page.evaluate(
        () =>
          [
            ...document.querySelectorAll(
              '[data-testid="selected-files"] *, [data-testid="home-tool-choice"] *, [data-testid="drop-area"]',
            ),
          ]
            .map((element) => element.getBoundingClientRect())
            .filter((box) => box.width > 1 && (box.left < -0.5 || box.right > innerWidth + 0.5)).length,
      );
      expect(outside).toBe(0);
      await page.context().close();
    },
  );

  it.each(['de', 'ar'] as const)(
    'writes each file’s size in the numbers and units of the page (%s)',
    async (locale) => {
      const page = await openHome(locale, DESKTOP);
      await page.getByTestId('file-input').setInputFiles([corpusPath(PDF), corpusPath(JPG)]);
      const sizes = await Promise.all([PDF, JPG].map(async (file) => (await stat(corpusPath(file))).size));
      await expect
        .poll(() => page.getByTestId('selected-file-size').allTextContents())
        .toEqual(sizes.map((bytes) => formatBytes(bytes, LOCALE_INFO[locale].tag)));
      const text = (await page.getByTestId('selected-file-size').allTextContents()).join(' ');
      if (locale === 'de') expect(text).toMatch(/^\d+(,\d+)?\u00a0(kB|MB) \d+(,\d+)?\u00a0(kB|MB)$/);
      if (locale === 'ar') expect(text).not.toMatch(/[كم]\.ب/);
      await page.context().close();
    },
  );
});

/** The tools the home page offers for the files chosen, in order. */
function toolsOffered(page: Page): Promise<(string | null)[]> {
  return page
    .getByTestId('home-tool-link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-tool')));
}

function kindsOf(groups: Element[]): (string | null)[] {
  return groups.map((group) => group.getAttribute('data-kind'));
}

function fileKindsOf(icons: Element[]): (string | null)[] {
  return icons.map((icon) => icon.getAttribute('data-file-kind'));
}
