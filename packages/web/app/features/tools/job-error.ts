import { isAppError, type ToolDefinition } from '@quire/shared';
import type { Translate } from '../../i18n/create-translator.ts';
import { translateError } from '../../i18n/translate-error.ts';

/** A failed job as the workbench shows it: the message, and the file it concerns when the server named one. */
export type JobErrorView = { readonly index: number | null; readonly message: string };

export function jobErrorView(
  t: Translate,
  error: unknown,
  tool: ToolDefinition,
  fileNames: readonly string[],
): JobErrorView {
  if (!isAppError(error)) return { index: null, message: t(`tools.${tool.id}.failure`) };
  const index = error.details.fileIndex;
  const isFile =
    typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < fileNames.length;
  return { index: isFile ? index : null, message: translateError(t, error, tool, fileNames) };
}
