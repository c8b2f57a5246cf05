import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { makePkcs12 } from '@quire/test-kit/signing-certificate';
import { resultFileName } from '@quire/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { jobFoldersLeft } from './job-folders.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';

/** One A4 page whose text lies in its left third, from the top to about a third of its height. */
const MULTILINGUAL = 'pdf/pypdf_multilang_arabic-cjk-thai-cyrillic.pdf';

const view = useToolPage('sign');

const EXPECTED = {
  description: 'PDF signed!',
  fileName: (chosen: readonly string[]) => resultFileName('sign', chosen, 'application/pdf'),
};

/** A point as fractions of an element's width and height, from its top-left corner. */
type Fraction = { readonly x: number; readonly y: number };

/** Where a fraction of an element is on the screen, once the element is scrolled to the middle of the window. */
async function screenPoint(element: Locator, at: Fraction): Promise<Fraction> {
  const box = await element.boundingBox();
  if (!box) throw new Error('the element is not on screen');
  return { x: box.x + at.x * box.width, y: box.y + at.y * box.height };
}

/** Scrolls an element to the middle of the window, clear of the action bar held at the foot of the screen. */
const centre = (element: Locator) =>
  element.evaluate((node) => node.scrollIntoView({ block: 'center', behavior: 'instant' }));

/** A mouse stroke through `points` of `element`, pressed from the first to the last. */
async function strokeByMouse(page: Page, element: Locator, points: readonly Fraction[]): Promise<void> {
  const [first, ...rest] = points;
  if (!first) return;
  await centre(element);
  const start = await screenPoint(element, first);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (const point of rest) {
    const at = await screenPoint(element, point);
    await page.mouse.move(at.x, at.y, { steps: 4 });
  }
  await page.mouse.up();
}

/** A finger put down on the first of `points` of `element`, moved through the others and lifted. */
async function strokeByTouch(page: Page, element: Locator, points: readonly Fraction[]): Promise<void> {
  await centre(element);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const screen = await Promise.all(points.map((point) => screenPoint(element, point)));
  for (const [index, { x, y }] of screen.entries()) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: index === 0 ? 'touchStart' : 'touchMove',
      touchPoints: [{ x: Math.round(x), y: Math.round(y) }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A signature-like zigzag across the pad. */
const ZIGZAG: readonly Fraction[] = [
  { x: 0.1, y: 0.7 },
  { x: 0.25, y: 0.2 },
  { x: 0.4, y: 0.75 },
  { x: 0.55, y: 0.25 },
  { x: 0.7, y: 0.7 },
  { x: 0.9, y: 0.3 },
];

/** Chooses the file and waits for the pad and the first page in the editor. */
async function choosePage(page: Page): Promise<void> {
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles([corpusPath(MULTILINGUAL)]);
  await page.getByTestId('signature-pad').waitFor({ timeout: 15_000 });
  await page.getByTestId('page-boxes-editor').waitFor({ timeout: 15_000 });
}

/** The images poppler lists on each page (`pdfimages -list`): `[page, type]`, type `image` or `smask`. */
function imagesOf(path: string): [number, string][] {
  const listing = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).split('\n').slice(2);
  return listing.flatMap((line) => {
    const match = /^\s*(\d+)\s+\d+\s+(image|smask)\s/.exec(line);
    return match ? [[Number(match[1]), match[2] as string] as [number, string]] : [];
  });
}

/** Page 1 drawn in grey by poppler at 50 dpi: its width, height and one byte a pixel (0 black, 255 white). */
function greyPage(path: string): { width: number; height: number; pixels: Buffer } {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '50', '-f', '1', '-l', '1', path]);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a PGM');
  const [whole, width, height] = header as unknown as [string, string, string];
  return { width: Number(width), height: Number(height), pixels: pgm.subarray(whole.length) };
}

/** How many pixels of page 1 inside a box (fractions of the page) are darker than light grey. */
function inkIn(path: string, box: { x: number; y: number; width: number; height: number }): number {
  const { width, height, pixels } = greyPage(path);
  let dark = 0;
  for (let row = Math.ceil(box.y * height); row < Math.floor((box.y + box.height) * height); row += 1) {
    for (
      let column = Math.ceil(box.x * width);
      column < Math.floor((box.x + box.width) * width);
      column += 1
    ) {
      if ((pixels[row * width + column] ?? 255) < 160) dark += 1;
    }
  }
  return dark;
}

const boxesOf = async (page: Page) =>
  (
    await page
      .locator('[data-testid="page-box"]')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLElement).dataset.box ?? ''))
  ).map((box) => box.split(' ').map(Number));

describe('the sign page in a real browser', () => {
  it('draws a signature with the mouse, places it where dragged, and signs the page there', async () => {
    const { page } = view;
    await choosePage(page);
    // Today's date is filled in, in the page's language; the name is the visitor's.
    expect(await page.getByTestId('sign-date').inputValue()).toContain(String(new Date().getFullYear()));
    await page.getByTestId('sign-name').fill('Ada Lovelace');
    // A typed signature makes a picture to place too; going back to drawing clears it.
    await page.getByRole('radio', { name: 'Type', exact: true }).check();
    await page.getByTestId('signature-typed').fill('Ada L.');
    await page.getByTestId('page-boxes-add').waitFor();
    await page.getByRole('radio', { name: 'Draw', exact: true }).check();
    await page.getByTestId('page-boxes-add').waitFor({ state: 'detached' });
    await strokeByMouse(page, page.getByTestId('signature-pad'), ZIGZAG);
    await page.getByTestId('page-boxes-add').waitFor();
    const editor = page.getByTestId('page-boxes-editor');
    await strokeByMouse(page, editor, [
      { x: 0.55, y: 0.5 },
      { x: 0.9, y: 0.62 },
    ]);
    const [placed] = await boxesOf(page);
    expect(placed?.map((side) => Math.round(side * 100))).toEqual([55, 50, 35, 12]);
    const saved = await runAndDownload(view, EXPECTED, `signed-mouse-${Date.now()}.pdf`);
    // One picture on page 1 with its transparency mask: the pad's transparent background stays transparent.
    expect(imagesOf(saved)).toEqual([
      [1, 'image'],
      [1, 'smask'],
    ]);
    const [x, y, width, height] = placed as [number, number, number, number];
    const box = { x, y, width, height };
    expect(inkIn(corpusPath(MULTILINGUAL), box)).toBe(0);
    expect(inkIn(saved, box)).toBeGreaterThan(20);
    // Nothing is drawn in the blank half of the page left of the box.
    expect(inkIn(saved, { x: 0.4, y: 0.45, width: 0.14, height: 0.25 })).toBe(0);
    expect(execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' })).toContain('Ada Lovelace');
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });

  it('on a phone, takes a signature drawn and placed by touch, with a certificate', async () => {
    const { page } = view;
    await page.setViewportSize({ width: 390, height: 844 });
    await choosePage(page);
    const pad = page.getByTestId('signature-pad');
    expect((await pad.boundingBox())?.width).toBeLessThanOrEqual(390);
    await strokeByTouch(page, pad, ZIGZAG);
    await page.getByTestId('page-boxes-add').waitFor();
    // Nothing is sent before the signature is placed: the page says where to place it.
    await page.getByTestId('action-button').click();
    expect(await page.getByTestId('sign-placements-error').textContent()).toBe(
      'Place your signature on a page first: press and drag on the page.',
    );
    const editor = page.getByTestId('page-boxes-editor');
    await strokeByTouch(page, editor, [
      { x: 0.5, y: 0.75 },
      { x: 0.7, y: 0.8 },
      { x: 0.9, y: 0.85 },
    ]);
    expect(await boxesOf(page)).toHaveLength(1);
    // Signed with a certificate too: its password stays in the job's memory, and poppler finds the signature valid.
    await page.getByText('Sign with a certificate', { exact: true }).click();
    await page
      .getByTestId('sign-certificate-file')
      .setInputFiles([makePkcs12(view.downloadsPath, 'pin 4321', '/CN=Quire Phone Signer')]);
    await page.getByTestId('sign-certificatePassword').fill('pin 4321');
    const saved = await runAndDownload(view, EXPECTED, `signed-touch-${Date.now()}.pdf`);
    const signatures = execFileSync('pdfsig', [saved], { encoding: 'utf8' });
    expect(signatures).toContain('Signature is Valid.');
    expect(signatures).toContain('Quire Phone Signer');
    expect(imagesOf(saved).filter(([, type]) => type === 'image').length).toBeGreaterThanOrEqual(1);
    expect(inkIn(saved, { x: 0.5, y: 0.75, width: 0.4, height: 0.1 })).toBeGreaterThan(10);
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });
});
