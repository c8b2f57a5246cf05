import type { ProbeInput } from '@quire/engine';
import { TOOLS, TOOL_IDS, fileFieldName, type ToolId } from '@quire/shared';
import type { FastifyInstance } from 'fastify';
import type { ProbeOutcome, ProbeRecord } from './status-types.ts';

/** Errors that say the server was too busy to take the job, not that the tool is broken. */
const BUSY_CODES = new Set(['SERVER_BUSY', 'JOB_TIMEOUT', 'RATE_LIMITED']);

/**
 * Carries a secret made at start on the probes' own requests, so the rate limit can tell them from visitors' (who
 * cannot know the secret).
 */
export const PROBE_HEADER = 'x-quire-status-probe';

async function multipartOf(toolId: ToolId, input: ProbeInput) {
  const form = new FormData();
  input.files.forEach((file, index) => {
    form.append(
      file.field ?? fileFieldName(TOOLS[toolId], index),
      new Blob([file.bytes], { type: file.mimeType }),
      file.name,
    );
  });
  for (const [name, value] of Object.entries(input.fields)) form.append(name, value);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

function errorCodeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown } };
    return typeof parsed.error?.code === 'string' ? parsed.error.code : null;
  } catch {
    return null;
  }
}

/**
 * Sends each tool's tiny built-in document through the server's own HTTP stack (in process, no socket), one tool
 * after the other, and reports how each ended and how long it took.
 */
export async function runProbes(
  app: FastifyInstance,
  inputs: Readonly<Record<ToolId, ProbeInput>>,
  probeToken: string,
  now: () => number = Date.now,
): Promise<ProbeRecord[]> {
  const records: ProbeRecord[] = [];
  for (const toolId of TOOL_IDS) {
    const { payload, contentType } = await multipartOf(toolId, inputs[toolId]);
    const checkedAt = now();
    const started = performance.now();
    let outcome: ProbeOutcome = 'failed';
    let errorCode: string | null = null;
    try {
      const response = await app.inject({
        method: 'POST',
        url: TOOLS[toolId].apiPath,
        payload,
        headers: { 'content-type': contentType, [PROBE_HEADER]: probeToken },
      });
      if (response.statusCode === 200 && response.rawPayload.length > 0) outcome = 'ok';
      else {
        errorCode = errorCodeOf(response.body) ?? `HTTP_${response.statusCode}`;
        outcome = BUSY_CODES.has(errorCode) ? 'busy' : 'failed';
      }
    } catch (error) {
      errorCode = error instanceof Error ? error.name : 'UNKNOWN';
    }
    records.push({ tool: toolId, checkedAt, outcome, latencyMs: performance.now() - started, errorCode });
  }
  return records;
}
