import type { ToolId } from '@quire/shared';

/** How one probe of one tool ended: it answered with the file, the server was busy, or it failed. */
export type ProbeOutcome = 'ok' | 'busy' | 'failed';

export type ProbeRecord = {
  readonly tool: ToolId;
  /** Milliseconds since the epoch. */
  readonly checkedAt: number;
  readonly outcome: ProbeOutcome;
  readonly latencyMs: number;
  /** The error code of a busy or failed probe. */
  readonly errorCode: string | null;
};
