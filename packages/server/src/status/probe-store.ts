import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { TOOL_IDS, type ToolId } from '@quire/shared';
import Database from 'libsql';
import { PROBE_RETENTION_MS, type ProbeHistory } from './probe-history.ts';
import type { ProbeOutcome, ProbeRecord } from './status-types.ts';

type Row = {
  tool: string;
  checked_at: number;
  outcome: string;
  latency_ms: number;
  error_code: string | null;
};

/**
 * The status probes' results in an SQLite file under the data directory. Nothing about visitors is ever stored here:
 * only which tool was probed, when, how it ended and how long it took. Rows older than 31 days are pruned. Through
 * libSQL's binding, which npm installs already built (better-sqlite3 compiled SQLite on every fresh install).
 */
export class ProbeStore implements ProbeHistory {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement<[string, number, string, number, string | null]>;
  readonly #since: Database.Statement<[number]>;
  readonly #prune: Database.Statement<[number]>;

  constructor(file: string) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    this.#db = new Database(file);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = NORMAL');
    this.#db.exec(`
      CREATE TABLE IF NOT EXISTS probes (
        id INTEGER PRIMARY KEY,
        tool TEXT NOT NULL,
        checked_at INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('ok', 'busy', 'failed')),
        latency_ms INTEGER NOT NULL,
        error_code TEXT
      );
      CREATE INDEX IF NOT EXISTS probes_checked_at ON probes (checked_at);
    `);
    this.#insert = this.#db.prepare(
      'INSERT INTO probes (tool, checked_at, outcome, latency_ms, error_code) VALUES (?, ?, ?, ?, ?)',
    );
    this.#since = this.#db.prepare<[number]>(
      'SELECT tool, checked_at, outcome, latency_ms, error_code FROM probes WHERE checked_at >= ? ORDER BY checked_at, id',
    );
    this.#prune = this.#db.prepare('DELETE FROM probes WHERE checked_at < ?');
  }

  async record(probes: readonly ProbeRecord[]): Promise<void> {
    for (const probe of probes) {
      this.#insert.run(
        probe.tool,
        probe.checkedAt,
        probe.outcome,
        Math.round(probe.latencyMs),
        probe.errorCode,
      );
    }
  }

  /** Probes checked at or after `since` (ms since the epoch), oldest first. */
  async since(since: number): Promise<ProbeRecord[]> {
    return (this.#since.all(since) as Row[])
      .filter((row): row is Row & { tool: ToolId } => (TOOL_IDS as readonly string[]).includes(row.tool))
      .map((row) => ({
        tool: row.tool,
        checkedAt: row.checked_at,
        outcome: row.outcome as ProbeOutcome,
        latencyMs: row.latency_ms,
        errorCode: row.error_code,
      }));
  }

  async pruneOlderThanRetention(now: number): Promise<void> {
    this.#prune.run(now - PROBE_RETENTION_MS);
  }

  async claimRound(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.#db.close();
  }
}
