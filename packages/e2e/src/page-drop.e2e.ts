import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { homePath, pagePath, toolPath } from '@quire/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isHydrated, useBrowserSession } from './browser-session.ts';

// "A file dropped outside the dashed area": a tool page takes files dropped anywhere on it, as if they were chosen,
// and a page without an upload area refuses them; in both cases the browser does not open the file in place of
// the page. The drags are real (trusted) ones, sent through the DevTools protocol with files from the corpus, so
// the page sees what a visitor's drag would give it; a look at `defaultPrevented` after every handler of the page
// says whether the browser's default (opening the file) was stopped.

const session = useBrowserSession();
const OUTLINE = 'pdf/pysamples_outline-bookmarks_4p.pdf';
const MIXED = 'pdf/pdfjs_mixed-page-sizes-3p.pdf';
const ROTATED = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const DOCX = 'word/mammoth_tables.docx';
const nameOf = (file: string) => basename(file);

type DragRecord = {
  readonly type: string;
  readonly defaultPrevented: boolean;
  readonly dropEffect: string | null;
  readonly isTrusted: boolean;
};
type Watched = { __marker?: number; __drags?: DragRecord[] };

/**
 * Marks the document (a marker that goes if the page is replaced) and records, after every handler of the page
 * (a listener on the window added last), whether each dragover and drop had its default prevented. Also counts
 * the main frame's navigations from now on.
 */
async function watch(page: Page): Promise<{ navigations: () => number }> {
  await waitForDropHandlers(page);
  await page.evaluate(() => {
    const watched = window as unknown as Watched;
    watched.__marker = 1;
    const log: DragRecord[] = [];
    watched.__drags = log;
    for (const type of ['dragover', 'drop']) {
      window.addEventListener(type, (event) => {
        const drag = event as DragEvent;
        log.push({
          type,
          defaultPrevented: drag.defaultPrevented,
          dropEffect: drag.dataTransfer?.dropEffect ?? null,
          isTrusted: drag.isTrusted,
        });
      });
    }
  });
  let navigations = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations += 1;
  });
  return { navigations: () => navigations };
}

/**
 * `waitForHydration` sees React's props on the header as soon as hydration has rendered it; the page's drop
 * listeners come with its effects, a moment later. Waits until a dragover carrying a file is answered (its default
 * prevented), which the page does once its effects have run; a page that never answers fails here.
 */
async function waitForDropHandlers(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const data = new DataTransfer();
    data.items.add(new File(['%PDF-'], 'probe.pdf', { type: 'application/pdf' }));
    const over = new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data });
    document.body.dispatchEvent(over);
    return over.defaultPrevented;
  });
}

const dragsOf = (page: Page) => page.evaluate(() => (window as unknown as Watched).__drags ?? []);
const markerOf = (page: Page) => page.evaluate(() => (window as unknown as Watched).__marker);

/** A point inside `target`, in the viewport, where `target` (or a child of it) is the topmost element. */
async function pointIn(target: Locator): Promise<{ x: number; y: number }> {
  const page = target.page();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the drop target is not shown');
  // The part of it on screen, away from the sticky header: a footer listing every tool is taller than a window.
  const height = await page.evaluate(() => innerHeight);
  const bottom = Math.min(box.y + box.height, height);
  const shown = bottom - Math.max(box.y, 0);
  const point = { x: Math.round(box.x + box.width / 2), y: Math.round(bottom - Math.min(shown / 2, 20)) };
  const isHit = await target.evaluate(
    (element, { x, y }) => element.contains(document.elementFromPoint(x, y)),
    point,
  );
  if (!isHit) throw new Error('something else covers the drop target');
  return point;
}

type Drag = {
  /** Moves the dragged files over `target` (dragenter, dragover). */
  readonly over: (target: Locator) => Promise<void>;
  /** Lets go of the files where they are. */
  readonly drop: () => Promise<void>;
};

/** Starts a real drag of files from disk, as from the visitor's file manager. */
async function dragFiles(page: Page, files: readonly string[]): Promise<Drag> {
  const cdp = await page.context().newCDPSession(page);
  const data = { items: [], files: files.map(corpusPath), dragOperationsMask: 1 };
  let at = { x: 0, y: 0 };
  let hasEntered = false;
  return {
    over: async (target) => {
      at = await pointIn(target);
      if (!hasEntered) await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', ...at, data });
      hasEntered = true;
      await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', ...at, data });
    },
    drop: async () => {
      await cdp.send('Input.dispatchDragEvent', { type: 'drop', ...at, data });
      await cdp.detach();
    },
  };
}

/** Drags `files` over `target` and drops them there. */
async function dropFiles(page: Page, files: readonly string[], target: Locator): Promise<void> {
  const drag = await dragFiles(page, files);
  await drag.over(target);
  await drag.drop();
}

/**
 * Dispatches a drop built in the page (a DataTransfer holding the file) on `selector`, and says whether the page
 * prevented the browser's default.
 */
async function dispatchDrop(page: Page, selector: string, file: string): Promise<boolean> {
  const bytes = (await readFile(corpusPath(file))).toString('base64');
  return page.evaluate(
    ({ selector, bytes, name }) => {
      const target = document.querySelector(selector);
      if (!target) throw new Error(`no ${selector} on the page`);
      const data = new DataTransfer();
      const raw = Uint8Array.from(atob(bytes), (char) => char.charCodeAt(0));
      data.items.add(new File([raw], name, { type: 'application/pdf' }));
      for (const type of ['dragenter', 'dragover']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: data }));
      }
      const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data });
      target.dispatchEvent(drop);
      return drop.defaultPrevented;
    },
    { selector, bytes, name: nameOf(file) },
  );
}

const names = (page: Page) => page.getByTestId('selected-file-name').allTextContents();

describe('a file dropped outside the dashed area of a tool page', () => {
  it('merge: files dropped on the heading are taken in order, the area lights up, and the page stays', async () => {
    const page = await session.open(toolPath('en', 'merge'));
    const url = page.url();
    const watched = await watch(page);
    const area = page.getByTestId('drop-area');
    expect(await area.getAttribute('data-dragging')).toBeNull();
    expect(await area.textContent()).toContain('Drop your PDFs here');

    const drag = await dragFiles(page, [OUTLINE, MIXED]);
    await drag.over(page.locator('h1'));
    // The dashed area lights up and says to drop, though the pointer is on the heading.
    await expect.poll(() => area.getAttribute('data-dragging')).toBe('true');
    expect(await area.textContent()).toContain('Drop your files here');
    await drag.drop();

    await expect.poll(() => names(page)).toEqual([nameOf(OUTLINE), nameOf(MIXED)]);
    expect(await area.getAttribute('data-dragging')).toBeNull();
    expect(await page.getByTestId('upload-error').count()).toBe(0);
    const drags = await dragsOf(page);
    expect(drags.filter((drag) => drag.type === 'drop')).toEqual([
      { type: 'drop', defaultPrevented: true, dropEffect: 'copy', isTrusted: true },
    ]);
    expect(drags.filter((drag) => drag.type === 'dragover').every((drag) => drag.defaultPrevented)).toBe(
      true,
    );
    expect(page.url()).toBe(url);
    expect(await markerOf(page)).toBe(1);
    expect(watched.navigations()).toBe(0);

    // Dropped on a file of the list (whose entries are dragged to reorder them), a file is added after the others.
    await dropFiles(page, [ROTATED], page.getByTestId('selected-file').first());
    await expect.poll(() => names(page)).toEqual([nameOf(OUTLINE), nameOf(MIXED), nameOf(ROTATED)]);
    expect(await page.getByTestId('action-button').count()).toBe(1);
    expect(await markerOf(page)).toBe(1);
  });

  it('compress: a PDF dropped on the footer is taken as if chosen', async () => {
    const page = await session.open(toolPath('en', 'compress'));
    const url = page.url();
    const watched = await watch(page);
    await dropFiles(page, [OUTLINE], page.locator('footer'));

    await expect.poll(() => names(page)).toEqual([nameOf(OUTLINE)]);
    expect(await page.getByTestId('action-button').count()).toBe(1);
    const drops = (await dragsOf(page)).filter((drag) => drag.type === 'drop');
    expect(drops.map((drop) => drop.defaultPrevented)).toEqual([true]);
    expect(page.url()).toBe(url);
    expect(await markerOf(page)).toBe(1);
    expect(watched.navigations()).toBe(0);
  });

  it('takes a file dropped on the dashed area itself once, not twice', async () => {
    const page = await session.open(toolPath('en', 'merge'));
    await watch(page);
    await dropFiles(page, [OUTLINE], page.getByTestId('drop-area'));
    await expect.poll(() => names(page)).toEqual([nameOf(OUTLINE)]);
    // Give a second (wrong) handling of the same drop the time to show.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    expect(await names(page)).toEqual([nameOf(OUTLINE)]);
    expect((await dragsOf(page)).filter((drag) => drag.type === 'drop').length).toBe(1);
  });

  it('also takes a drop built in the page (a DataTransfer dispatched on the heading)', async () => {
    const page = await session.open(toolPath('en', 'merge'));
    await watch(page);
    expect(await dispatchDrop(page, 'h1', MIXED)).toBe(true);
    await expect.poll(() => names(page)).toEqual([nameOf(MIXED)]);
    expect(await markerOf(page)).toBe(1);
  });

  it('refuses a file of the wrong type dropped outside the area with the same message as when it is picked', async () => {
    const page = await session.open(toolPath('en', 'compress'));
    const url = page.url();
    await watch(page);
    await dropFiles(page, [DOCX], page.locator('h1'));

    const error = page.getByTestId('upload-error');
    const expected = `Invalid file type: “\u2068${nameOf(DOCX)}\u2069”. Please select one \u2068PDF\u2069 file.`;
    await expect.poll(() => error.textContent()).toBe(expected);
    expect(await page.getByTestId('selected-file').count()).toBe(0);
    expect(await page.getByTestId('drop-area').getAttribute('data-dragging')).toBeNull();
    expect(page.url()).toBe(url);
    expect(await markerOf(page)).toBe(1);

    // Picked through the file chooser, the same file gets the same words, at the same place.
    const picked = await session.open(toolPath('en', 'compress'));
    await picked.getByTestId('file-input').setInputFiles([corpusPath(DOCX)]);
    await expect.poll(() => picked.getByTestId('upload-error').textContent()).toBe(expected);
  });

  it('the home page takes a file dropped on its heading and offers the tools for it', async () => {
    const page = await session.open(homePath('en'));
    await watch(page);
    await dropFiles(page, [OUTLINE], page.locator('h1'));
    await expect.poll(() => names(page)).toEqual([nameOf(OUTLINE)]);
    await page.getByTestId('home-tool-choice').waitFor();
    expect(await page.getByTestId('home-tool-choice').getByRole('link').count()).toBeGreaterThan(0);
    expect(await markerOf(page)).toBe(1);
  });
});

describe('a file dropped on a page without an upload area', () => {
  it.each([pagePath('en', 'about'), '/blog', pagePath('ja', 'about')])(
    '%s refuses it: the default is prevented and the page stays',
    async (path) => {
      const page = await session.open(path);
      const url = page.url();
      const watched = await watch(page);
      expect(await page.getByTestId('drop-area').count()).toBe(0);

      // A real drag: every dragover is answered "no drop here", so the browser does not open the file.
      const drag = await dragFiles(page, [OUTLINE]);
      await drag.over(page.locator('h1'));
      await drag.over(page.locator('footer'));
      await drag.drop();
      const drags = await dragsOf(page);
      const overs = drags.filter((entry) => entry.type === 'dragover');
      expect(overs.length).toBeGreaterThan(0);
      for (const over of overs) expect(over).toMatchObject({ defaultPrevented: true, dropEffect: 'none' });
      for (const drop of drags.filter((entry) => entry.type === 'drop'))
        expect(drop.defaultPrevented).toBe(true);

      // A drop that reaches the page anyway has its default (opening the file) prevented.
      expect(await dispatchDrop(page, 'h1', OUTLINE)).toBe(true);
      expect(await dispatchDrop(page, 'footer', OUTLINE)).toBe(true);
      expect(page.url()).toBe(url);
      expect(await markerOf(page)).toBe(1);
      expect(watched.navigations()).toBe(0);
    },
  );
});

// Issue 30, item 1: a page works from its first paint. Its scripts are held back (as on a slow phone, where they
// arrive seconds after the page is shown), and what the visitor does meanwhile must not be lost.
describe('before the page’s scripts have run', () => {
  it('the Select button opens the chooser; a chosen and a dropped file are both in the list once the scripts run', async () => {
    const { page, release } = await session.openHeld(toolPath('en', 'merge'));
    const watched = await watch(page);
    expect(await isHydrated(page)).toBe(false);

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByTestId('select-files-button').click(),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([corpusPath(OUTLINE)]);
    await dropFiles(page, [MIXED], page.locator('h1'));
    const drops = (await dragsOf(page)).filter((drag) => drag.type === 'drop');
    expect(drops).toEqual([{ type: 'drop', defaultPrevented: true, dropEffect: 'copy', isTrusted: true }]);
    expect(await isHydrated(page)).toBe(false);

    expect(watched.navigations()).toBe(0);
    await release();
    await expect.poll(() => names(page)).toEqual([nameOf(OUTLINE), nameOf(MIXED)]);
    expect(await page.getByTestId('upload-error').count()).toBe(0);
    expect(await markerOf(page)).toBe(1);

    // Once the page runs, the same file can be chosen again (the input was emptied), and is added once.
    await page.getByTestId('file-input').setInputFiles([corpusPath(ROTATED)]);
    await expect.poll(() => names(page)).toEqual([nameOf(OUTLINE), nameOf(MIXED), nameOf(ROTATED)]);
  });

  it('the keyboard reaches the chooser: Tab to it and Enter opens it; the file is taken once', async () => {
    const { page, release } = await session.openHeld(toolPath('en', 'compress'));
    const chooser = page.waitForEvent('filechooser');
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      if (focused === 'file-input') break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('file-input');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([corpusPath(OUTLINE)]);
    expect(await isHydrated(page)).toBe(false);
    await release();
    await expect.poll(() => names(page)).toEqual([nameOf(OUTLINE)]);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    expect(await names(page)).toEqual([nameOf(OUTLINE)]);
    expect(await page.getByTestId('action-button').count()).toBe(1);
  });

  it('a page without an upload area refuses a drop from its first paint', async () => {
    const { page, release } = await session.openHeld(pagePath('en', 'about'));
    const watched = await watch(page);
    expect(await isHydrated(page)).toBe(false);
    const drag = await dragFiles(page, [OUTLINE]);
    await drag.over(page.locator('h1'));
    await drag.drop();
    const drags = await dragsOf(page);
    for (const over of drags.filter((entry) => entry.type === 'dragover'))
      expect(over).toMatchObject({ defaultPrevented: true, dropEffect: 'none' });
    // Told "no drop here", the browser does not drop; a drop that comes anyway is refused.
    for (const drop of drags.filter((entry) => entry.type === 'drop'))
      expect(drop.defaultPrevented).toBe(true);
    expect(await dispatchDrop(page, 'h1', OUTLINE)).toBe(true);
    expect(await markerOf(page)).toBe(1);
    expect(watched.navigations()).toBe(0);
    // And goes on refusing once its scripts run.
    await release();
    expect(await dispatchDrop(page, 'h1', OUTLINE)).toBe(true);
    expect(await markerOf(page)).toBe(1);
  });
});
