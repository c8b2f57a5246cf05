import type { FileChooser, Page } from 'playwright-core';

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`; fails after `max` presses. */
export async function tabTo(
  page: Page,
  selector: string,
  { backwards = false, max = 60 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(page, selector)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} never reached ${selector}`);
}

export function isFocused(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector);
}

/** What has the keyboard, as a test can name it: its test id, else its accessible label, else its tag. */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return 'nothing';
    return (
      element.getAttribute('data-testid') ??
      element.getAttribute('aria-label') ??
      element.id ??
      element.tagName.toLowerCase()
    );
  });
}

/** The accessible label (`aria-label`) of what has the keyboard. */
export function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
}

/**
 * Catches every file chooser the page opens from now on. Listening from the start (rather than just before the key
 * press) means the chooser cannot open before Playwright intercepts it.
 */
export function catchFileChoosers(page: Page): () => Promise<FileChooser> {
  const caught: FileChooser[] = [];
  page.on('filechooser', (chooser) => caught.push(chooser));
  return async () => {
    for (let attempt = 0; attempt < 100 && caught.length === 0; attempt += 1) {
      await page.waitForTimeout(100);
    }
    const chooser = caught.shift();
    if (!chooser) throw new Error('no file chooser opened');
    return chooser;
  };
}

/**
 * Records, from the first paint on, every text the page's live regions say (by their test id) and every state of
 * the job's progress bar, so tests can check what a screen reader was told without racing the page.
 */
export async function recordLiveRegions(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type LiveLog = {
      said: { region: string; text: string }[];
      progress: { phase: string; value: string | null }[];
    };
    const record: LiveLog = { said: [], progress: [] };
    (window as unknown as { __quire: LiveLog }).__quire = record;
    const last = new Map<string, string>();
    const observe = () => {
      for (const region of document.querySelectorAll<HTMLElement>('[role="status"],[role="alert"]')) {
        const name = region.dataset.testid ?? region.getAttribute('role') ?? '';
        const text = (region.textContent ?? '').trim();
        if (text !== '' && last.get(name) !== text) record.said.push({ region: name, text });
        last.set(name, text);
      }
      const progress = document.querySelector<HTMLElement>('[data-testid="progress"]');
      const phase = progress?.dataset.phase ?? 'none';
      const value =
        document.querySelector('[data-testid="progress-bar"]')?.getAttribute('aria-valuenow') ?? null;
      const previous = record.progress.at(-1);
      if (!previous || previous.phase !== phase || previous.value !== value) {
        record.progress.push({ phase, value });
      }
    };
    new MutationObserver(observe).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-phase', 'aria-valuenow'],
    });
  });
}

export type LiveRecord = {
  readonly said: readonly { readonly region: string; readonly text: string }[];
  readonly progress: readonly { readonly phase: string; readonly value: string | null }[];
};

export function liveRecordOf(page: Page): Promise<LiveRecord> {
  return page.evaluate(() => (window as unknown as { __quire: LiveRecord }).__quire);
}

/** The texts one live region said, in order. */
export async function saidIn(page: Page, region: string): Promise<string[]> {
  return (await liveRecordOf(page)).said
    .filter((entry) => entry.region === region)
    .map((entry) => entry.text);
}

/** A value as the page prints it inside a message: between first-strong and pop directional isolates. */
export function isolated(value: string): string {
  return `\u2068${value}\u2069`;
}
