import type { ToolId } from '@quire/shared';
import type { ComponentType } from 'react';

/** What every tool-specific options form receives: the option fields as the server expects them. */
export type ToolOptionsProps = {
  readonly values: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly onChange: (values: Record<string, string>) => void;
};

/**
 * The options form of each tool, or null when it has none (yet). Merge has no options; the forms of split,
 * compress, pdf-to-jpg, jpg-to-pdf and rotate come with their issues. Until then their registry defaults are sent.
 */
const TOOL_OPTION_FORMS = {
  merge: null,
  split: null,
  compress: null,
  'pdf-to-word': null,
  'word-to-pdf': null,
  'pdf-to-jpg': null,
  'jpg-to-pdf': null,
  rotate: null,
} satisfies Record<ToolId, ComponentType<ToolOptionsProps> | null>;

/** The options form of a tool (typed wide, so callers handle tools that gain a form later). */
export function optionsFormOf(toolId: ToolId): ComponentType<ToolOptionsProps> | null {
  return TOOL_OPTION_FORMS[toolId];
}
