import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDuration,
  formatPercent,
  joinList,
  localizedText,
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
});
