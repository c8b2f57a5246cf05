import { randomBytes } from 'node:crypto';
import { createProbeInputs, type ProbeInput } from '@quire/engine';
import type { StatusReport, ToolId } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import { computeStatus, historyStart } from './compute-status.ts';
import type { ProbeHistory } from './probe-history.ts';
import { readMaintenance } from './read-maintenance.ts';
import { runProbes } from './run-probes.ts';

export type StatusOptions = {
  /** Where probe results are kept (an SQLite file, or Redis in cluster mode). */
  readonly history: ProbeHistory;
  readonly maintenanceFile: string;
  /** Seconds between two rounds of probes; 0 turns the probes off. */
  readonly probeIntervalSeconds: number;
  /** Delay before the first round after start, so the server is ready first. */
  readonly firstProbeDelayMs?: number;
};

/**
 * The live status of spec A.9: probes every tool on a schedule, records the results and computes the report that
 * `GET /api/status` answers. A round never overlaps the previous one, and the timer never keeps the process alive.
 */
export class StatusService {
  readonly #store: ProbeHistory;
  readonly #options: StatusOptions;
  #timer: NodeJS.Timeout | undefined;
  #round: Promise<void> | undefined;
  #inputs: Promise<Readonly<Record<ToolId, ProbeInput>>> | undefined;
  #closed = false;
  /** The secret the probes' requests carry (see `PROBE_HEADER`). */
  readonly probeToken = randomBytes(32).toString('hex');

  constructor(options: StatusOptions) {
    this.#options = options;
    this.#store = options.history;
  }

  /** Starts the schedule (unless the interval is 0). */
  start(app: FastifyInstance): void {
    if (this.#options.probeIntervalSeconds === 0) return;
    const tick = () => {
      void this.probeNow(app).catch((error: unknown) =>
        app.log.error({ err: error }, 'status probes failed'),
      );
    };
    const first = setTimeout(() => {
      tick();
      this.#timer = setInterval(tick, this.#options.probeIntervalSeconds * 1000);
      this.#timer.unref();
    }, this.#options.firstProbeDelayMs ?? 5_000);
    first.unref();
    this.#timer = first;
  }

  /** Runs one round of probes now (or joins the round in progress) and records it. */
  probeNow(app: FastifyInstance): Promise<void> {
    this.#round ??= (async () => {
      try {
        if (!(await this.#store.claimRound(this.#options.probeIntervalSeconds * 1000))) return;
        this.#inputs ??= createProbeInputs();
        const records = await runProbes(app, await this.#inputs, this.probeToken);
        if (this.#closed) return;
        await this.#store.record(records);
        await this.#store.pruneOlderThanRetention(Date.now());
        const failed = records.filter((record) => record.outcome !== 'ok');
        app.log.info(
          { probes: records.length, unsuccessful: failed.map((r) => r.tool) },
          'status probes done',
        );
      } finally {
        this.#round = undefined;
      }
    })();
    return this.#round;
  }

  async report(now = Date.now()): Promise<StatusReport> {
    return computeStatus({
      probes: await this.#store.since(historyStart(now)),
      maintenance: await readMaintenance(this.#options.maintenanceFile),
      now,
      probeIntervalSeconds: this.#options.probeIntervalSeconds,
    });
  }

  /** Stops the schedule, waits for a round in progress, closes the database. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    clearInterval(this.#timer);
    await this.#round?.catch(() => undefined);
    await this.#store.close();
  }
}
