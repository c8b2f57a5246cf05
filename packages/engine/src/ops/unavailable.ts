import { AppError, type ToolId } from '@quire/shared';
import type { EngineOp } from './types.ts';

/**
 * The operation of a tool whose engine is not part of this build yet. It answers `TOOL_UNAVAILABLE` (503) so that
 * the API and the site say so plainly; each is replaced by the tool's real operation.
 */
export function unavailable<T extends ToolId>(toolId: T): EngineOp<T> {
  return () =>
    Promise.reject(
      new AppError('TOOL_UNAVAILABLE', `The ${toolId} tool is not available on this server yet.`, { toolId }),
    );
}
