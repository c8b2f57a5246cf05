import type { ToolId } from '@quire/shared';
import type { ComponentType } from 'react';
import type { MessageKey } from '../../../i18n/messages.ts';
import { readCompressionResult } from './compression-result.ts';
import { CompressSummary } from './compress-summary.tsx';

/** What a tool's result details receive: the response headers of the successful job. */
export type ToolResultDetailsProps = { readonly headers: Headers };

/** Details shown with a tool's result, or null when the download is all there is. */
const TOOL_RESULT_DETAILS = {
  merge: null,
  split: null,
  compress: CompressSummary,
  'pdf-to-word': null,
  'word-to-pdf': null,
  'pdf-to-jpg': null,
  'jpg-to-pdf': null,
  rotate: null,
} satisfies Record<ToolId, ComponentType<ToolResultDetailsProps> | null>;

export function resultDetailsOf(toolId: ToolId): ComponentType<ToolResultDetailsProps> | null {
  return TOOL_RESULT_DETAILS[toolId];
}

/** The success toast's text: the tool's own, except when compression could not save anything. */
export function successMessageKeyOf(toolId: ToolId, headers: Headers): MessageKey {
  if (toolId === 'compress' && readCompressionResult(headers)?.outcome === 'unchanged') {
    return 'tools.compress.successUnchanged';
  }
  return `tools.${toolId}.success`;
}
