import { TOOL_IDS, uptimeLevel, worstStatus, type Maintenance, type ToolId } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { computeStatus } from './compute-status.ts';
import type { ProbeOutcome, ProbeRecord } from './status-types.ts';

const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function probe(tool: ToolId, hoursAgo: number, outcome: ProbeOutcome = 'ok', latencyMs = 100): ProbeRecord {
  return {
    tool,
    checkedAt: NOW - hoursAgo * HOUR,
    outcome,
    latencyMs,
    errorCode: outcome === 'ok' ? null : 'X',
  };
}

/** Every tool probed every hour for `days` days, all successful. */
function healthyHistory(days: number): ProbeRecord[] {
  const probes: ProbeRecord[] = [];
  for (let hoursAgo = days * 24 - 1; hoursAgo >= 0; hoursAgo -= 1) {
    for (const tool of TOOL_IDS) probes.push(probe(tool, hoursAgo));
  }
  return probes;
}

const report = (probes: ProbeRecord[], maintenance: Maintenance[] = []) =>
  computeStatus({ probes, maintenance, now: NOW, probeIntervalSeconds: 60 });

describe('computeStatus', () => {
  it('reports no data, not 100 %, before the first probe', () => {
    const result = report([]);
    expect(result.overall).toBeNull();
    expect(result.averageUptime).toBeNull();
    expect(result.operationalServices).toBe(0);
    expect(result.totalServices).toBe(TOOL_IDS.length);
    expect(result.history).toHaveLength(30);
    expect(result.history.every((day) => day.uptime === null && day.incidents === 0)).toBe(true);
    expect(result.history.at(-1)?.date).toBe('2026-11-21');
    expect(result.history[0]?.date).toBe('2026-10-23');
    expect(result.services.every((service) => service.status === null && service.lastChecked === null)).toBe(
      true,
    );
  });

  it('leaves the days before the first probe without data', () => {
    const result = report(healthyHistory(3));
    const withData = result.history.filter((day) => day.uptime !== null).map((day) => day.date);
    // 72 hourly rounds ending now (12:00) reach back to 13:00 three days ago: four calendar days.
    expect(withData).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
    expect(result.history.slice(0, 26).every((day) => day.uptime === null)).toBe(true);
    expect(result.averageUptime).toBe(100);
    expect(result.overall).toBe('operational');
    expect(result.operationalServices).toBe(TOOL_IDS.length);
  });

  it('counts a run of failures as one incident, on the day it began, and lowers the uptime', () => {
    const probes = healthyHistory(2).filter(
      (p) => !(p.tool === 'compress' && p.checkedAt >= NOW - 30 * HOUR && p.checkedAt <= NOW - 27 * HOUR),
    );
    probes.push(
      probe('compress', 30, 'failed'),
      probe('compress', 29, 'failed'),
      probe('compress', 28, 'failed'),
      probe('compress', 27, 'failed'),
    );
    const result = report(probes);
    const compress = result.services.find((service) => service.id === 'compress');
    expect(compress?.uptime).toBe(91.67); // 44 of 48
    expect(compress?.status).toBe('operational');
    expect(result.incidents).toBe(1);
    expect(result.history.find((day) => day.date === '2026-11-20')?.incidents).toBe(1);
    // The average over services: all but one at 100 %, one at 91.67 %.
    const services = TOOL_IDS.length;
    expect(result.averageUptime).toBe(Math.round((((services - 1) * 100 + 91.67) / services) * 100) / 100);
  });

  it('takes each service’s status from its last probe and the overall status as the worst present', () => {
    const probes = [...healthyHistory(1), probe('merge', 0, 'busy'), probe('rotate', 0, 'failed')];
    const result = report(probes);
    expect(result.services.find((s) => s.id === 'merge')?.status).toBe('partial_outage');
    expect(result.services.find((s) => s.id === 'rotate')?.status).toBe('major_outage');
    expect(result.overall).toBe('major_outage');
    expect(result.operationalServices).toBe(TOOL_IDS.length - 2);
    expect(result.incidents).toBe(2);
  });

  it('shows maintenance in progress for the services it names and lists what is still to come', () => {
    const windows: Maintenance[] = [
      {
        id: 'now',
        title: { en: 'LibreOffice upgrade' },
        description: { en: 'Word to PDF may be slow.' },
        scheduledDate: new Date(NOW - HOUR).toISOString(),
        durationMinutes: 120,
        affectedServices: ['word-to-pdf'],
      },
      {
        id: 'past',
        title: { en: 'Old' },
        description: { en: 'Done.' },
        scheduledDate: new Date(NOW - 2 * DAY).toISOString(),
        durationMinutes: 60,
        affectedServices: ['merge'],
      },
    ];
    const result = report(healthyHistory(1), windows);
    expect(result.services.find((s) => s.id === 'word-to-pdf')?.status).toBe('maintenance');
    expect(result.overall).toBe('maintenance');
    expect(result.maintenance.map((window) => window.id)).toEqual(['now']);
  });

  it('averages the response time of the last 24 hours’ successful probes', () => {
    const probes = [
      probe('split', 30, 'ok', 5000),
      probe('split', 2, 'ok', 100),
      probe('split', 1, 'ok', 301),
      probe('split', 0, 'failed', 9000),
    ];
    const split = report(probes).services.find((s) => s.id === 'split');
    expect(split?.averageResponseMs).toBe(201);
    expect(split?.lastChecked).toBe(new Date(NOW).toISOString());
  });

  it('ignores probes older than 30 days', () => {
    const result = report([probe('merge', 31 * 24, 'failed'), probe('merge', 0)]);
    expect(result.services.find((s) => s.id === 'merge')?.uptime).toBe(100);
    expect(result.incidents).toBe(0);
  });
});

describe('status helpers', () => {
  it('colours uptime by the thresholds of spec section 9', () => {
    expect([100, 99.9, 99.89, 99.5, 99.49, 99, 98.99].map(uptimeLevel)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'orange',
      'orange',
      'red',
    ]);
  });

  it('orders statuses from worst to best', () => {
    expect(worstStatus(['operational', 'maintenance', null])).toBe('maintenance');
    expect(worstStatus(['maintenance', 'partial_outage'])).toBe('partial_outage');
    expect(worstStatus([null, null])).toBeNull();
  });
});
