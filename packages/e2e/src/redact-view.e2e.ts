import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { jobFoldersLeft } from './job-folders.ts';
import { runAndDownload, useToolPage } from './tool-page.ts';

/**
 * One A4 page of greetings, each language's name on a line and its greeting on the next, with a blank line
 * between languages: English at 7–10 % of the page's height, Arabic at 12–15 %, Russian 17–20 %, Thai 27–30 %,
 * Japanese 32–35 %, all in the left third.
 */
const MULTILINGUAL = 'pdf/pypdf_multilang_arabic-cjk-thai-cyrillic.pdf';

const view = useToolPage('redact');

const EXPECTED = {
  description: 'PDF redacted!',
  fileName: (chosen: readonly string[]) => resultFileName('redact', chosen, 'application/pdf'),
};
const textOf = (path: string) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });

/** A point of the page as fractions of its width and height, from its top-left corner. */
type Fraction = { readonly x: number; readonly y: number };

/** Chooses the file and waits for its first page to be drawn in the editor. */
async function choosePage(page: Page): Promise<void> {
  await page.locator('input[type=file]').setInputFiles([corpusPath(MULTILINGUAL)]);
  await page.getByTestId('page-boxes-editor').waitFor({ timeout: 15_000 });
  await page.getByTestId('page-boxes-editor').scrollIntoViewIfNeeded();
}

/** Where a fraction of the page shown in the editor is on the screen. */
async function screenPoint(page: Page, at: Fraction): Promise<Fraction> {
  const box = await page.getByTestId('page-boxes-editor').boundingBox();
  if (!box) throw new Error('the editor is not on screen');
  return { x: box.x + at.x * box.width, y: box.y + at.y * box.height };
}

async function drawByMouse(page: Page, from: Fraction, to: Fraction): Promise<void> {
  const start = await screenPoint(page, from);
  const end = await screenPoint(page, to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(end.x, end.y, { steps: 8 });
  await page.mouse.up();
}

/** A finger put down at `from`, moved to `to` in steps and lifted, as Chromium's touch input has it. */
async function drawByTouch(page: Page, from: Fraction, to: Fraction): Promise<void> {
  const start = await screenPoint(page, from);
  const end = await screenPoint(page, to);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const touch = (type: 'touchStart' | 'touchMove', { x, y }: Fraction) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x: Math.round(x), y: Math.round(y) }] });
  await touch('touchStart', start);
  for (let step = 1; step <= 8; step += 1) {
    await touch('touchMove', {
      x: start.x + ((end.x - start.x) * step) / 8,
      y: start.y + ((end.y - start.y) * step) / 8,
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The boxes drawn, as the editor places them: `[x, y, width, height]` in hundredths of the page, rounded. */
const boxesOf = async (page: Page) =>
  (
    await page
      .locator('[data-testid="page-box"]')
      .evaluateAll((boxes) => boxes.map((box) => (box as HTMLElement).dataset.box ?? ''))
  ).map((box) => box.split(' ').map((side) => Math.round(Number(side) * 100)));

describe('the redact page’s page view in a real browser', () => {
  it('removes what lies under a box drawn by mouse, and not a box drawn and removed again', async () => {
    const { page } = view;
    await choosePage(page);
    await drawByMouse(page, { x: 0.05, y: 0.056 }, { x: 0.3, y: 0.108 });
    await drawByMouse(page, { x: 0.3, y: 0.16 }, { x: 0.05, y: 0.204 });
    expect(await boxesOf(page)).toEqual([
      [5, 6, 25, 5],
      [5, 16, 25, 4],
    ]);
    // The box drawn last is chosen: its remove button takes it away.
    await page.getByTestId('page-box-remove').click();
    expect(await boxesOf(page)).toEqual([[5, 6, 25, 5]]);
    const saved = await runAndDownload(view, EXPECTED, `areas-mouse-${Date.now()}.pdf`);
    expect(await page.getByTestId('redacted-areas').textContent()).toBe('1');
    const text = textOf(saved);
    expect(text).not.toMatch(/English|Hello|World/);
    for (const kept of ['Arabic', 'Russian', 'Привет', 'Japanese']) expect(text).toContain(kept);
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });

  it('on a phone, removes what lies under a box drawn by touch', async () => {
    const { page } = view;
    await page.setViewportSize({ width: 390, height: 844 });
    await choosePage(page);
    const editor = await page.getByTestId('page-boxes-editor').boundingBox();
    expect(editor?.width).toBeLessThanOrEqual(390);
    await drawByTouch(page, { x: 0.4, y: 0.309 }, { x: 0.05, y: 0.37 });
    expect(await boxesOf(page)).toHaveLength(1);
    const saved = await runAndDownload(view, EXPECTED, `areas-touch-${Date.now()}.pdf`);
    const text = textOf(saved);
    expect(text).not.toMatch(/Japanese|こんにちは/);
    for (const kept of ['Thai', 'English', 'Hello']) expect(text).toContain(kept);
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });

  it('lists each place a word is found, and leaves the one unticked as it is', async () => {
    const { page } = view;
    await choosePage(page);
    await page.getByTestId('redact-search').fill('hello\nмир');
    await expect
      .poll(() => page.getByTestId('redact-matches').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('found');
    const matches = page.getByTestId('redact-match');
    expect(await matches.allTextContents()).toEqual([
      expect.stringContaining('Hello'),
      expect.stringContaining('мир'),
    ]);
    // Both are highlighted on the page until the second is unticked; the page, a box and the list pass axe.
    expect(await page.locator('[data-testid="page-mark-box"][data-on="true"]').count()).toBe(2);
    await drawByMouse(page, { x: 0.6, y: 0.6 }, { x: 0.8, y: 0.7 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Delete');
    expect(await boxesOf(page)).toEqual([]);
    await matches.nth(1).getByTestId('redact-match-toggle').uncheck();
    expect(await page.locator('[data-testid="page-mark-box"][data-on="true"]').count()).toBe(1);
    const saved = await runAndDownload(view, EXPECTED, `untick-${Date.now()}.pdf`);
    expect(await page.getByTestId('redacted-matches').textContent()).toBe('1');
    const text = textOf(saved);
    expect(text).not.toContain('Hello');
    for (const kept of ['World', 'Привет, мир', 'English']) expect(text).toContain(kept);
    await expect.poll(jobFoldersLeft, { timeout: 5000 }).toEqual([]);
  });
});
