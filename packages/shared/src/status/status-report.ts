import type { ToolId } from '../tools/tool-ids.ts';

/**
 * The live status report: what `GET /api/status` answers and the status page shows (spec A.9, sections 2, 4, 9).
 */
/** The statuses of spec section 4, worst first. */
export const SERVICE_STATUSES = ['major_outage', 'partial_outage', 'maintenance', 'operational'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** A window of scheduled maintenance, read from the operator's data file. */
export type Maintenance = {
  readonly id: string;
  /** Texts by locale; `en` is required and is the fallback. */
  readonly title: Readonly<Record<string, string>>;
  readonly description: Readonly<Record<string, string>>;
  /** ISO 8601 start, with its time zone. */
  readonly scheduledDate: string;
  readonly durationMinutes: number;
  readonly affectedServices: readonly ToolId[];
};

export type ServiceReport = {
  readonly id: ToolId;
  /** `null` until the first probe of this service. */
  readonly status: ServiceStatus | null;
  /** Percent of successful probes over 30 days, two decimals; `null` without probes. */
  readonly uptime: number | null;
  /** Mean latency of successful probes over the last 24 hours, in whole milliseconds. */
  readonly averageResponseMs: number | null;
  readonly lastChecked: string | null;
};

export type DayReport = {
  /** UTC calendar day, `YYYY-MM-DD`. */
  readonly date: string;
  /** Percent of successful probes that day, two decimals; `null` for a day without probes ("no data"). */
  readonly uptime: number | null;
  /** Incidents (a run of unsuccessful probes of one service) that began that day. */
  readonly incidents: number;
};

export type StatusReport = {
  /** The worst status present; `null` before any probe has run. */
  readonly overall: ServiceStatus | null;
  readonly averageUptime: number | null;
  readonly incidents: number;
  readonly operationalServices: number;
  readonly totalServices: number;
  readonly services: readonly ServiceReport[];
  /** `STATUS_HISTORY_DAYS` entries, oldest first, ending today (UTC). */
  readonly history: readonly DayReport[];
  /** Maintenance in progress or still to come, soonest first. */
  readonly maintenance: readonly Maintenance[];
  readonly probeIntervalSeconds: number;
  readonly generatedAt: string;
};

/** The worst status present (spec section 4): major outage, partial outage, maintenance, else operational. */
export function worstStatus(statuses: readonly (ServiceStatus | null)[]): ServiceStatus | null {
  return SERVICE_STATUSES.find((status) => statuses.includes(status)) ?? null;
}

/** Uptime colour bands of spec section 9. */
export type UptimeLevel = 'green' | 'yellow' | 'orange' | 'red';

/** 99.9 % or more green; 99.5 to under 99.9 yellow; 99.0 to under 99.5 orange; under 99.0 red. */
export function uptimeLevel(uptime: number): UptimeLevel {
  if (uptime >= 99.9) return 'green';
  if (uptime >= 99.5) return 'yellow';
  if (uptime >= 99.0) return 'orange';
  return 'red';
}

/** The days the report covers, today included: the history grid, and the most the uptime and incidents cover. */
export const STATUS_HISTORY_DAYS = 30;

/** How often the status page fetches the report again while auto-refresh is on (spec section 9). */
export const STATUS_REFRESH_MS = 60_000;
