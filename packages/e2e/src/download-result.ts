import type { Download, Page } from 'playwright-core';

/** How long the click on Download may wait for its button to take it: shorter than the wait for the download. */
const CLICK_MS = 20_000;

/**
 * Clicks the result's Download button and resolves with the download it starts. A click the button cannot take
 * (something over it, a button that keeps moving) fails first, with Playwright's account of why, rather than leaving
 * only the wait for a download that never came.
 */
export async function downloadResult(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-button').click({ timeout: CLICK_MS }),
  ]);
  return download;
}
