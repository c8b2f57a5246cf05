import { AppError, TOOLS, type ToolDefinition, type ToolId } from '@quire/shared';
import type { JobInput, OpInput } from './types.ts';

/**
 * The input of a tool's op, from a job: its one file as `file` for a tool that takes one, else its files in order.
 * The number of files is checked here, once for every op, against the registry (the server checked it already as
 * the files arrived: a job that got this far with a wrong count is our own bug, answered as the server would).
 */
export function opInput<T extends ToolId>(toolId: T, { files, options }: JobInput<T>): OpInput<T> {
  const tool: ToolDefinition = TOOLS[toolId];
  if (files.length < tool.minFiles) {
    throw new AppError('TOO_FEW_FILES', `${tool.id} takes at least ${tool.minFiles} files.`, {
      minFiles: tool.minFiles,
    });
  }
  if (files.length > tool.maxFiles) {
    throw new AppError('TOO_MANY_FILES', `${tool.id} takes at most ${tool.maxFiles} files.`, {
      maxFiles: tool.maxFiles,
    });
  }
  const input = tool.maxFiles === 1 ? { file: files[0], options } : { files, options };
  // The registry's maxFiles decided the shape, as OpInput<T> does from the same entry.
  return input as unknown as OpInput<T>;
}
