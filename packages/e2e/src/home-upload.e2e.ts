import { readFile } from 'node:fs/promises';
import { corpusPath } from '@quire/corpus';
import { homePath, type Locale } from '@quire/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.ts';
import { waitForHydration } from './browser-session.ts';

const baseUrl = inject('baseUrl');
const PDF = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const DOCX = 'word/mammoth_tables.docx';
const NOTES = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text') };
const isolated = (text: string) => `\u2068${text}\u2069`;
const EVERY_TYPE_EN = `${isolated('PDF')}, ${isolated('Word')}, ${isolated('JPG')}, or ${isolated('PNG')}`;
const EVERY_TYPE_AR = ['PDF', 'Word', 'JPG', 'PNG'].map(isolated).join(' أو ');

let session: Awaited<ReturnType<typeof launchBrowser>> | undefined;
beforeAll(async () => {
  session = await launchBrowser();
});
afterAll(async () => {
  await session?.close();
});

/** The home page of a language in a fresh context, hydrated. */
async function openHome(locale: Locale): Promise<Page> {
  if (!session) throw new Error('the browser did not start');
  const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
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
      .toBe(`Invalid file type: “${isolated('notes.txt')}”. Please select ${EVERY_TYPE_EN} files.`);
    expect(await page.getByTestId('selected-file').count()).toBe(1);

    // A PDF and a Word document together suit no tool: the page says which kinds of files do.
    await page.getByTestId('file-input').setInputFiles([corpusPath(DOCX)]);
    await expect
      .poll(() => page.getByTestId('home-tool-choice').textContent())
      .toBe(`No tool accepts this combination of files. Try ${EVERY_TYPE_EN} files.`);
    await page.context().close();
  });

  it('says the same in Arabic', async () => {
    const page = await openHome('ar');
    const area = page.getByTestId('drop-area');
    expect(await area.textContent()).toContain('أفلت ملفاتك هنا');
    expect(await area.textContent()).toContain(`بصيغة ${EVERY_TYPE_AR}`);
    expect(await page.getByTestId('select-files-button').textContent()).toBe('اختيار ملفات');

    await page.getByTestId('file-input').setInputFiles([
      { ...NOTES, name: 'ملاحظات.txt' },
      { ...NOTES, name: 'draft.odt' },
    ]);
    await expect
      .poll(() => page.getByTestId('upload-error').textContent())
      .toBe(
        `نوع الملف «${isolated('ملاحظات.txt')}» غير مدعوم. يُرجى اختيار ملفات بصيغة ${EVERY_TYPE_AR}. ` +
          'لم تتم إضافة ملف آخر أيضًا.',
      );
    await page.context().close();
  });
});
