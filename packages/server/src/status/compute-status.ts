import {
  STATUS_HISTORY_DAYS,
  TOOL_IDS,
  worstStatus,
  type DayReport,
  type Maintenance,
  type ServiceReport,
  type ServiceStatus,
  type StatusReport,
  type ToolId,
} from '@quire/shared';
import type { ProbeRecord } from './status-types.ts';

export const HISTORY_DAYS = STATUS_HISTORY_DAYS;
const DAY_MS = 24 * 60 * 60 * 1000;
const RESPONSE_TIME_WINDOW_MS = DAY_MS;

/** Percent with two decimals, or `null` when nothing was measured. */
function percent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 100;
}

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Start of the UTC day `HISTORY_DAYS - 1` days before `now`: the first moment the report covers. */
export function historyStart(now: number): number {
  const today = Date.parse(`${utcDay(now)}T00:00:00.000Z`);
  return today - (HISTORY_DAYS - 1) * DAY_MS;
}

/** Incidents of one service: each run of unsuccessful probes counts once, on the day it began. */
function incidentStarts(probes: readonly ProbeRecord[]): number[] {
  const starts: number[] = [];
  let inIncident = false;
  for (const probe of probes) {
    if (probe.outcome !== 'ok' && !inIncident) starts.push(probe.checkedAt);
    inIncident = probe.outcome !== 'ok';
  }
  return starts;
}

function isUnderMaintenance(tool: ToolId, windows: readonly Maintenance[], now: number): boolean {
  return windows.some((window) => {
    const start = Date.parse(window.scheduledDate);
    return (
      window.affectedServices.includes(tool) && now >= start && now < start + window.durationMinutes * 60_000
    );
  });
}

function statusOf(last: ProbeRecord | undefined, underMaintenance: boolean): ServiceStatus | null {
  if (underMaintenance) return 'maintenance';
  if (!last) return null;
  if (last.outcome === 'ok') return 'operational';
  return last.outcome === 'busy' ? 'partial_outage' : 'major_outage';
}

/**
 * The status page's figures, computed from the recorded probes of the last 30 days (oldest first) and the
 * maintenance windows: per service, the status of its last probe, its uptime and response time; overall, the worst
 * status, the average uptime, the incidents and the 30-day history. Days before the first probe have no uptime.
 */
export function computeStatus(input: {
  readonly probes: readonly ProbeRecord[];
  readonly maintenance: readonly Maintenance[];
  readonly now: number;
  readonly probeIntervalSeconds: number;
}): StatusReport {
  const { now, maintenance } = input;
  const start = historyStart(now);
  const probes = input.probes.filter((probe) => probe.checkedAt >= start && probe.checkedAt <= now);
  const days = new Map<string, { ok: number; total: number; incidents: number }>();
  for (let index = 0; index < HISTORY_DAYS; index += 1) {
    days.set(utcDay(start + index * DAY_MS), { ok: 0, total: 0, incidents: 0 });
  }

  const services: ServiceReport[] = TOOL_IDS.map((id) => {
    const own = probes.filter((probe) => probe.tool === id).sort((a, b) => a.checkedAt - b.checkedAt);
    for (const probe of own) {
      const day = days.get(utcDay(probe.checkedAt));
      if (day) {
        day.total += 1;
        if (probe.outcome === 'ok') day.ok += 1;
      }
    }
    for (const startedAt of incidentStarts(own)) {
      const day = days.get(utcDay(startedAt));
      if (day) day.incidents += 1;
    }
    const recentOk = own.filter(
      (probe) => probe.outcome === 'ok' && probe.checkedAt > now - RESPONSE_TIME_WINDOW_MS,
    );
    const last = own.at(-1);
    return {
      id,
      status: statusOf(last, isUnderMaintenance(id, maintenance, now)),
      uptime: percent(own.filter((probe) => probe.outcome === 'ok').length, own.length),
      averageResponseMs:
        recentOk.length === 0
          ? null
          : Math.round(recentOk.reduce((sum, probe) => sum + probe.latencyMs, 0) / recentOk.length),
      lastChecked: last ? new Date(last.checkedAt).toISOString() : null,
    };
  });

  const measured = services.flatMap((service) => (service.uptime === null ? [] : [service.uptime]));
  const history: DayReport[] = [...days].map(([date, day]) => ({
    date,
    uptime: percent(day.ok, day.total),
    incidents: day.incidents,
  }));
  return {
    overall: worstStatus(services.map((service) => service.status)),
    averageUptime:
      measured.length === 0
        ? null
        : Math.round((measured.reduce((sum, value) => sum + value, 0) / measured.length) * 100) / 100,
    incidents: history.reduce((sum, day) => sum + day.incidents, 0),
    operationalServices: services.filter((service) => service.status === 'operational').length,
    totalServices: services.length,
    services,
    history,
    maintenance: maintenance
      .filter((window) => Date.parse(window.scheduledDate) + window.durationMinutes * 60_000 > now)
      .sort((a, b) => Date.parse(a.scheduledDate) - Date.parse(b.scheduledDate)),
    probeIntervalSeconds: input.probeIntervalSeconds,
    generatedAt: new Date(now).toISOString(),
  };
}
