import {
  AppError,
  findMissingImage,
  placementsError,
  type Placement,
  type ToolDefinition,
} from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import type { JobRequest } from '../jobs/run-job.ts';
import type { Uploads } from './receive-uploads.ts';
import { parseToolOptions } from './tool-options.ts';

export type JobLimits = {
  /** The operator's wall-clock limit for every job, or null for each tool's own. */
  jobTimeoutMs: number | null;
  /** The operator's CPU-time limit for every job, or null for its wall-clock limit. */
  jobCpuMs: number | null;
  /** Wall-clock limit of Office conversions asked for without an API key. */
  anonymousOfficeTimeoutMs: number;
};

/** Checks the options of an upload (400 `INVALID_OPTIONS` before any work) and sets the job's limits. */
export function prepareJob(limits: JobLimits, request: FastifyRequest, uploads: Uploads): JobRequest {
  const toolId = uploads.tool.id;
  const options = parseToolOptions(toolId, uploads.fields);
  checkExtraFile(uploads.tool, uploads.files.length > uploads.tool.maxFiles, options);
  checkPictures(uploads.tool, uploads.files.length - uploads.tool.maxFiles, options);
  const toolTimeoutMs = limits.jobTimeoutMs ?? uploads.tool.timeoutMs;
  // One visitor's Office document may not hold a LibreOffice for long: keys are for work known to be heavy.
  const isShortened = uploads.tool.lane === 'office' && !request.hasApiKey;
  const timeoutMs = isShortened ? Math.min(toolTimeoutMs, limits.anonymousOfficeTimeoutMs) : toolTimeoutMs;
  return {
    toolId,
    input: {
      files: uploads.files,
      options,
      // The certificate of Sign PDF travels in the job's input, in memory: never a file of the job.
      ...(uploads.secretFile ? { secretFile: uploads.secretFile } : {}),
    },
    timeoutMs,
    cpuLimitMs: limits.jobCpuMs ?? timeoutMs,
    client: request.client,
  };
}

/**
 * A tool with pictures (Sign PDF) places each by its number: a placement naming a picture that was not sent is
 * refused before any work (400 `INVALID_OPTIONS`, naming the placement).
 */
function checkPictures(
  tool: ToolDefinition,
  pictureCount: number,
  options: Readonly<Record<string, unknown>>,
): void {
  if (!tool.pictureFiles) return;
  const placements = options.placements as readonly Placement[] | undefined;
  const missing = placements ? findMissingImage(placements, pictureCount) : null;
  if (missing) throw placementsError('placements', missing);
}

/**
 * A tool with an extra file (Watermark's `image`) takes it or its option `insteadOf` (its `text`), exactly one: a
 * request with neither or both is refused before any work (`TEXT_OR_IMAGE_REQUIRED`, `details.reason`).
 */
function checkExtraFile(
  tool: ToolDefinition,
  hasExtraFile: boolean,
  options: Readonly<Record<string, unknown>>,
): void {
  const extra = tool.extraFile;
  if (!extra) return;
  const hasOption = options[extra.insteadOf] !== undefined;
  if (hasOption !== hasExtraFile) return;
  throw new AppError(
    'TEXT_OR_IMAGE_REQUIRED',
    hasOption
      ? `Send either "${extra.insteadOf}" or an "${extra.field}" file, not both.`
      : `Send "${extra.insteadOf}", or an "${extra.field}" file instead.`,
    { reason: hasOption ? 'both' : 'neither' },
  );
}
