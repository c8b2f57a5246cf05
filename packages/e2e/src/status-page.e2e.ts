import { STATUS_REFRESH_MS, TOOL_IDS, type StatusReport } from '@quire/shared';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { useBrowserSession } from './browser-session.ts';

const baseUrl = inject('baseUrl');
const session = useBrowserSession();
const isStatusRequest = (url: string) => new URL(url).pathname === '/api/status';

/**
 * The e2e server probes every tool once, shortly after it starts, then once an hour (global-setup); the report is
 * read once that first round has been recorded for every tool.
 */
async function probedReport(): Promise<StatusReport> {
  const deadline = Date.now() + 110_000;
  for (;;) {
    const report = (await (await fetch(new URL('/api/status', baseUrl))).json()) as StatusReport;
    if (report.services.every((service) => service.lastChecked !== null)) return report;
    if (Date.now() > deadline) throw new Error('the first round of status probes did not finish');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const percent = (value: number, digits: number) =>
  new Intl.NumberFormat('en', {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value / 100);

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();
/** A text as read, without the isolates (U+2068, U+2069) that keep an inserted value's direction apart. */
const plain = (value: string | null | undefined) => value?.replace(/[\u2068\u2069]/g, '');
/** The label (`<dt>`) of a figure. */
const label = async (page: Page, testId: string) =>
  page.getByTestId(testId).locator('xpath=preceding-sibling::dt').textContent();
const day = (date = '', locale = 'en') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The report with checks on its last `days` days only, as a server that began checking then would answer. */
function withDaysOfData(report: StatusReport, days: number): StatusReport {
  return {
    ...report,
    history: report.history.map((entry, index) => ({
      ...entry,
      uptime: index >= report.history.length - days ? 100 : null,
    })),
  };
}

describe('the status page', () => {
  it('shows the real figures the running server computed from its probes', async () => {
    const report = await probedReport();
    const page = await session.open('/status');
    await page.getByTestId('overall-status').waitFor();

    expect(await page.getByTestId('overall-status').getAttribute('data-status')).toBe(report.overall);
    expect(await text(page, 'figure-uptime')).toBe(percent(report.averageUptime ?? Number.NaN, 2));
    // The server began checking when it started: the figures say they cover that one day, not 30 (two when the
    // suite runs across midnight, UTC).
    const firstDay = report.history.findIndex((day) => day.uptime !== null);
    const period = report.history.length - firstDay === 1 ? '1 day' : '2 days';
    expect(report.history.length - firstDay).toBeLessThanOrEqual(2);
    expect(await label(page, 'figure-uptime')).toBe(`Average uptime (${period})`);
    expect(await label(page, 'figure-incidents')).toBe(`Incidents (${period})`);
    expect(await page.getByTestId('service').first().locator('dt').first().textContent()).toBe(
      `Uptime (${period})`,
    );
    expect(plain(await text(page, 'figures-since'))).toBe(
      `Measured since ${day(report.history[firstDay]?.date)}.`,
    );
    expect(await text(page, 'figure-incidents')).toBe(String(report.incidents));
    expect(await text(page, 'figure-operational')).toBe(
      `${report.operationalServices} of ${report.totalServices}`,
    );

    const services = page.getByTestId('service');
    expect(await services.count()).toBe(TOOL_IDS.length);
    for (const service of report.services) {
      const row = page.locator(`[data-service="${service.id}"]`);
      expect(await row.locator('[data-status]').getAttribute('data-status')).toBe(service.status);
      expect((await row.getByTestId('service-uptime').textContent())?.trim()).toBe(
        percent(service.uptime ?? Number.NaN, 2),
      );
      expect(await row.getByTestId('service-response').textContent()).toMatch(/^\d[\d,]* ms$/);
    }
    expect(await page.getByRole('heading', { name: 'Merge PDF' }).count()).toBe(1);

    // 30 days; those before the first probe say "no data" instead of claiming 100 %.
    const days = page.getByTestId('history-day');
    expect(await days.count()).toBe(30);
    const noData = report.history.filter((day) => day.uptime === null).length;
    expect(noData).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="history-day"][data-tone="none"]').count()).toBe(noData);
    expect(await days.first().textContent()).toContain('no data');
    expect(await days.nth(firstDay).getAttribute('data-tone')).not.toBe('none');
    expect(await page.getByText('30 days ago', { exact: true }).count()).toBe(1);

    // Keyboard: the grid is one tab stop; arrows move through the days and the details follow.
    await days.last().focus();
    await page.keyboard.press('Home');
    expect(await days.first().evaluate((cell) => cell === document.activeElement)).toBe(true);
    expect(await text(page, 'history-detail')).toContain('no data');

    // No maintenance is scheduled in the e2e server's data file.
    const empty = page.getByTestId('maintenance-empty');
    expect(await empty.textContent()).toContain('No scheduled maintenance at this time.');
    if (report.overall === 'operational') {
      expect(await empty.textContent()).toContain('All PDF tools and APIs are running normally.');
    }
    const help = page.getByTestId('status-help').locator('a');
    expect(await help.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/help-center',
      '/faq',
      '/api-docs',
    ]);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('fetches again every minute while auto-refresh is on, and not while it is off', async () => {
    await probedReport();
    let requests = 0;
    const page = await session.open('/status', {}, async (opening) => {
      await opening.clock.install();
      opening.on('request', (request) => {
        if (isStatusRequest(request.url())) requests += 1;
      });
    });
    await page.getByTestId('overall-status').waitFor();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    const toggle = page.getByTestId('auto-refresh');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    expect(requests).toBe(1);
    const firstUpdate = await page.locator('[data-testid="last-updated"] time').getAttribute('datetime');

    const refreshed = page.waitForResponse((response) => isStatusRequest(response.url()));
    await page.clock.runFor(STATUS_REFRESH_MS);
    await refreshed;
    expect(requests).toBe(2);
    await page.waitForFunction(
      (before) =>
        document.querySelector('[data-testid="last-updated"] time')?.getAttribute('datetime') !== before,
      firstUpdate,
    );

    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.clock.runFor(3 * STATUS_REFRESH_MS);

    await toggle.press('Space');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    const resumed = page.waitForResponse((response) => isStatusRequest(response.url()));
    await page.clock.runFor(STATUS_REFRESH_MS);
    await resumed;
    // Three minutes off added nothing: only the one fetch of the minute after turning it back on.
    expect(requests).toBe(3);
  });

  it('pulses its placeholders only while it fetches the status, not from the first paint', async () => {
    const report = await probedReport();
    /** The names of the CSS animations running on the page now. */
    const running = (page: Page) =>
      page.evaluate(() =>
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSAnimation && animation.playState === 'running')
          .map((animation) => (animation as CSSAnimation).animationName),
      );
    const { page, release } = await session.openHeld('/status', { viewport: { width: 390, height: 844 } });
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/status', async (route) => {
      await answered;
      await route.fulfill({ json: report });
    });
    // Painted, its script not yet run: the placeholders are there, standing still, as nothing is being fetched.
    expect(await page.getByTestId('status-loading').count()).toBe(1);
    expect(await running(page)).toEqual([]);

    await release();
    // Hydrated and fetching: the placeholders pulse and the spinner turns until the answer comes.
    await expect.poll(() => running(page)).toContain('pulse');
    expect(await running(page)).toContain('spin');

    answer();
    await page.getByTestId('overall-status').waitFor();
    await expect.poll(() => running(page)).toEqual([]);
  });

  it('says when the status cannot be fetched, and recovers by itself', async () => {
    const page = await session.open('/status', {}, async (opening) => {
      await opening.clock.install();
      await opening.route('**/api/status', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }));
    });
    await page.getByTestId('status-error').waitFor();
    expect(await page.getByTestId('status-loading').count()).toBe(1);
    await page.unroute('**/api/status');
    const retried = page.waitForResponse((response) => isStatusRequest(response.url()));
    await page.clock.runFor(STATUS_REFRESH_MS);
    await retried;
    await page.getByTestId('overall-status').waitFor();
    expect(await page.getByTestId('status-error').count()).toBe(0);
  });

  it('lists scheduled maintenance with its services joined as the language writes a list', async () => {
    const report = await probedReport();
    const start = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
    const withMaintenance: StatusReport = {
      ...report,
      maintenance: [
        {
          id: 'upgrade',
          title: { en: 'Engine upgrade', es: 'Actualización del motor' },
          description: { en: 'A newer qpdf.' },
          scheduledDate: start,
          durationMinutes: 90,
          affectedServices: ['merge', 'split', 'rotate'],
        },
      ],
    };
    const page = await session.open('/status', {}, async (opening) => {
      await opening.route('**/api/status', (route) => route.fulfill({ json: withMaintenance }));
    });
    const list = page.getByTestId('maintenance-list');
    await list.waitFor();
    const content = await list.textContent();
    expect(content).toContain('Engine upgrade');
    expect(content).toContain('Scheduled');
    expect(content).toContain('90 minutes');
    expect(content).toContain('Merge PDF, Split PDF, and Rotate PDF');
    expect(await page.getByTestId('maintenance-empty').count()).toBe(0);

    const spanish = await session.open('/es/status', {}, async (opening) => {
      await opening.route('**/api/status', (route) => route.fulfill({ json: withMaintenance }));
    });
    await spanish.getByTestId('maintenance-list').waitFor();
    expect(await spanish.getByTestId('maintenance-list').textContent()).toContain('Actualización del motor');
    expect(await spanish.getByTestId('maintenance-list').textContent()).toMatch(/, [^,]+ y [^,]+$/m);
    const help = spanish.getByTestId('status-help').locator('a');
    expect(await help.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/es/help-center',
      '/es/faq',
      '/es/api-docs',
    ]);
    expect(await seriousViolations(spanish)).toEqual([]);
  });

  it('names the real period of the figures, with the plural forms of the page language', async () => {
    const report = await probedReport();
    const open = async (path: string, answer: StatusReport) => {
      const page = await session.open(path, {}, async (opening) => {
        await opening.route('**/api/status', (route) => route.fulfill({ json: answer }));
      });
      await page.getByTestId('overall-status').waitFor();
      return page;
    };
    const threeDays = withDaysOfData(report, 3);
    const since = threeDays.history.at(-3)?.date;

    const russian = await open('/ru/status', threeDays);
    expect(await label(russian, 'figure-uptime')).toBe('Средняя доступность (3 дня)');
    expect(await label(russian, 'figure-incidents')).toBe('Инциденты (3 дня)');
    expect(plain(await text(russian, 'figures-since'))).toBe(`Измерения ведутся с ${day(since, 'ru')}`);

    const arabic = await open('/ar/status', withDaysOfData(report, 2));
    expect(await label(arabic, 'figure-uptime')).toBe('متوسط نسبة التوفّر (يومان)');

    // Thirty days of data: the whole period of the report, and nothing more to say about it.
    const english = await open('/status', withDaysOfData(report, 30));
    expect(await label(english, 'figure-uptime')).toBe('Average uptime (30 days)');
    expect(await text(english, 'figures-since')).toBe('');
  });

  it('lays out the rows far below the first screen of a phone only once they near it, figures and all', async () => {
    const report = await probedReport();
    const page = await session.open('/status', { viewport: { width: 390, height: 844 } }, async (opening) => {
      await opening.route('**/api/status', (route) => route.fulfill({ json: report }));
    });
    await page.getByTestId('overall-status').waitFor();
    // Chromium skips the rendering of what a `content-visibility: auto` box holds while it is away from the screen;
    // what it holds then reads as not visible when asked to count that.
    const isRendered = (testId: string, index: number) =>
      page
        .getByTestId(testId)
        .nth(index)
        .evaluate(
          (element) => element.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? false,
        );
    const rows = page.getByTestId('service');
    expect(await rows.count()).toBe(TOOL_IDS.length);
    expect(await isRendered('service', 0)).toBe(true);
    expect(await isRendered('service', TOOL_IDS.length - 1)).toBe(false);
    expect(await isRendered('status-help', 0)).toBe(false);

    // Brought to the screen, the last row is there with its figures, as any other.
    const last = rows.last();
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => isRendered('service', TOOL_IDS.length - 1)).toBe(true);
    expect(await last.getByTestId('service-uptime').isVisible()).toBe(true);
    expect(await last.getAttribute('data-service')).toBe(report.services.at(-1)?.id);
    expect(await last.getByTestId('service-response').textContent()).not.toBe('');
  });
});
