import { AppError, TOOLS, type ToolDefinition, type ToolId } from '@quire/shared';
import type { JobInput, OpInput } from './types.ts';

/**
 * The input of a tool's op, from a job: its one file as `file` for a tool that takes one, else its files in order,
 * and its extra file, if sent, under its field's name (Watermark's `image`); its pictures as `pictures` (Sign PDF's
 * signatures) and its file kept in memory under its field's name (Sign PDF's `certificate`).
 * The number of files is checked here, once for every op, against the registry (the server checked it already as
 * the files arrived: a job that got this far with a wrong count is our own bug, answered as the server would).
 */
export function opInput<T extends ToolId>(toolId: T, job: JobInput<T>): OpInput<T> {
  const tool: ToolDefinition = TOOLS[toolId];
  const { options } = job;
  // A tool's extra file, or its pictures, travel after its own (the server puts them there): a one-file tool's second.
  const hasMore = tool.extraFile !== undefined || tool.pictureFiles !== undefined;
  const files = hasMore ? job.files.slice(0, 1) : job.files;
  const extraFiles = tool.extraFile ? job.files.slice(1) : [];
  const pictures = tool.pictureFiles ? job.files.slice(1) : [];
  if (tool.pictureFiles && pictures.length > tool.pictureFiles.maxFiles) {
    throw new AppError('TOO_MANY_FILES', `${tool.id} takes at most ${tool.pictureFiles.maxFiles} pictures.`, {
      maxFiles: tool.pictureFiles.maxFiles,
    });
  }
  if (extraFiles.length > 1) {
    throw new AppError('TOO_MANY_FILES', `${tool.id} takes at most one ${tool.extraFile?.field} file.`, {
      maxFiles: tool.maxFiles,
    });
  }
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
  const input = {
    ...(tool.maxFiles === 1 ? { file: files[0], options } : { files, options }),
    ...(tool.extraFile && extraFiles[0] ? { [tool.extraFile.field]: extraFiles[0] } : {}),
    ...(tool.pictureFiles ? { pictures } : {}),
    ...(tool.secretFile && job.secretFile ? { [tool.secretFile.field]: job.secretFile } : {}),
  };
  // The registry's maxFiles decided the shape, as OpInput<T> does from the same entry.
  return input as unknown as OpInput<T>;
}
