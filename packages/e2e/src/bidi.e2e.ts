import { describe, expect, it } from 'vitest';
import { useToolPage } from './tool-page.ts';

const view = useToolPage('merge');

describe('bidi isolation in a real browser', () => {
  it('isolates a file name inside a message, and leaves the isolates out of a copy', async () => {
    const step = view.page.locator('#how-to-heading + ol li p').last();
    // The page text carries the isolates around the output file name…
    expect(await step.textContent()).toMatch(
      /^Download the result, named after your file: \u2068report\.pdf\u2069 gives \u2068report-merged\.pdf\u2069\. /,
    );
    await view.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await step.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      document.getSelection()?.removeAllRanges();
      document.getSelection()?.addRange(range);
    });
    await view.page.keyboard.press('Control+C');
    // …and the clipboard gets the words the visitor sees.
    const copied = await view.page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(
      /^Download the result, named after your file: report\.pdf gives report-merged\.pdf\. Your uploads/,
    );
    expect(copied).not.toMatch(/[\u2066-\u2069]/);
  });
});
