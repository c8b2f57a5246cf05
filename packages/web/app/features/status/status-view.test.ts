import type { DayReport } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../i18n/create-translator.ts';
import {
  formatDay,
  formatDuration,
  formatPercent,
  joinList,
  localizedText,
  measuredPeriod,
  readStatusReport,
  roundedUptime,
  uptimeTone,
} from './status-view.ts';

describe('status view', () => {
  it('colours uptime by the thresholds of spec section 9 and gives days without probes no colour', () => {
    expect([100, 99.9, 99.89, 99.5, 99.49, 99, 98.99, 0].map(uptimeTone)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'red',
      'red',
    ]);
    expect(uptimeTone(null)).toBe('none');
  });

  it('rounds a day’s uptime to a whole percent without turning a day with failures into 100 %', () => {
    expect(roundedUptime(100)).toBe(100);
    expect(roundedUptime(99.6)).toBe(99);
    expect(roundedUptime(99.95)).toBe(99);
    expect(roundedUptime(98.5)).toBe(99);
    expect(roundedUptime(97.4)).toBe(97);
    expect(roundedUptime(0)).toBe(0);
  });

  it('joins the affected services as the locale writes a list', () => {
    const services = ['Merge PDF', 'Split PDF', 'Rotate PDF'];
    expect(joinList(services, 'en')).toBe('Merge PDF, Split PDF, and Rotate PDF');
    expect(joinList(services, 'es')).toBe('Merge PDF, Split PDF y Rotate PDF');
    expect(joinList(services, 'de')).toBe('Merge PDF, Split PDF und Rotate PDF');
    expect(joinList(['Merge PDF'], 'fr')).toBe('Merge PDF');
  });

  it('formats percentages, durations and days in the locale’s own way', () => {
    expect(formatPercent(99.5, 'en', 2)).toBe('99.50%');
    expect(formatPercent(99.5, 'de', 2)).toBe('99,50\u00a0%');
    expect(formatPercent(100, 'en', 0)).toBe('100%');
    expect(formatDuration(120, 'en')).toBe('2 hours');
    expect(formatDuration(90, 'en')).toBe('90 minutes');
    expect(formatDuration(30, 'es')).toBe('30 minutos');
    // A UTC day stays that day whatever the reader's time zone.
    expect(formatDay('2026-11-21', 'en')).toBe('Nov 21, 2026');
  });

  it('takes a maintenance text in the page’s language, else in English', () => {
    const title = { en: 'Upgrade', de: 'Aktualisierung' };
    expect(localizedText(title, 'de')).toBe('Aktualisierung');
    expect(localizedText(title, 'ja')).toBe('Upgrade');
  });

  it('refuses an answer that is not a status report', () => {
    expect(() => readStatusReport('<html>Bad gateway</html>')).toThrow();
    expect(() => readStatusReport({ overall: 'fine', services: [], history: [], maintenance: [] })).toThrow();
    const report = {
      overall: null,
      averageUptime: null,
      incidents: 0,
      operationalServices: 0,
      totalServices: 8,
      services: [{ id: 'merge', status: null, uptime: null, averageResponseMs: null, lastChecked: null }],
      history: [{ date: '2026-11-21', uptime: null, incidents: 0 }],
      maintenance: [],
      probeIntervalSeconds: 60,
      generatedAt: '2026-11-21T12:00:00.000Z',
    };
    expect(readStatusReport(report)).toBe(report);
  });

  it('names the days the uptime really covers: from the first day with checks to today', () => {
    const history = (firstWithData: number): DayReport[] =>
      Array.from({ length: 30 }, (_, index) => ({
        date: new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10),
        uptime: index >= firstWithData ? 100 : null,
        incidents: 0,
      }));
    expect(measuredPeriod(history(29))).toEqual({ days: 1, since: '2026-11-30' });
    expect(measuredPeriod(history(27))).toEqual({ days: 3, since: '2026-11-28' });
    expect(measuredPeriod(history(0))).toEqual({ days: 30, since: null });
    // A day without checks after the first one (the server was down) is still part of the period.
    const gap = history(20).map((day, index) => (index === 25 ? { ...day, uptime: null } : day));
    expect(measuredPeriod(gap)).toEqual({ days: 10, since: '2026-11-21' });
    // Before the first check, and while loading, the report's own period is named.
    expect(measuredPeriod(history(30))).toEqual({ days: 30, since: null });
    expect(measuredPeriod(null)).toEqual({ days: 30, since: null });
  });

  it('words the period with the plural rules of each language', () => {
    const label = (locale: 'en' | 'ru' | 'ar' | 'ja', days: number) =>
      getTranslator(locale).t('status.figures.uptime', { days });
    expect(label('en', 1)).toBe('Average uptime (1 day)');
    expect(label('en', 30)).toBe('Average uptime (30 days)');
    expect([1, 2, 5, 21].map((days) => label('ru', days))).toEqual([
      'Средняя доступность (1 день)',
      'Средняя доступность (2 дня)',
      'Средняя доступность (5 дней)',
      'Средняя доступность (21 день)',
    ]);
    expect([1, 2, 3, 11, 30].map((days) => label('ar', days))).toEqual([
      'متوسط نسبة التوفّر (يوم واحد)',
      'متوسط نسبة التوفّر (يومان)',
      'متوسط نسبة التوفّر (3 أيام)',
      'متوسط نسبة التوفّر (11 يومًا)',
      'متوسط نسبة التوفّر (30 يومًا)',
    ]);
    expect(label('ja', 3)).toBe('平均稼働率（3日間）');
    expect(getTranslator('en').t('status.services.uptime', { days: 2 })).toBe('Uptime (2 days)');
    expect(getTranslator('en').t('status.figures.incidents', { days: 2 })).toBe('Incidents (2 days)');
  });
});
