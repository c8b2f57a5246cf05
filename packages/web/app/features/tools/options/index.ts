import type { ToolId } from '@quire/shared';
import type { ComponentType } from 'react';
import { CompressOptions } from './compress-options.tsx';
import { JpgToPdfOptions } from './jpg-to-pdf-options.tsx';
import { PdfToJpgOptions } from './pdf-to-jpg-options.tsx';
import { RotateOptions } from './rotate-options.tsx';
import { SplitOptions } from './split-options.tsx';

/** What every tool-specific options form receives: the option fields as the server expects them. */
export type ToolOptionsProps = {
  readonly values: Readonly<Record<string, string>>;
  /** The selected files, for forms that preview them (rotate). */
  readonly files: readonly File[];
  /** The first file's page count when the browser could read it (forms with page lists say it), else null. */
  readonly pageCount: number | null;
  readonly disabled: boolean;
  /** A field the visitor must fix, with its translated message; null when there is none. */
  readonly problem: { readonly option: string; readonly message: string } | null;
  readonly onChange: (values: Record<string, string>) => void;
};

/** The options form of each tool, or null when it has none. */
const TOOL_OPTION_FORMS = {
  merge: null,
  split: SplitOptions,
  compress: CompressOptions,
  'pdf-to-word': null,
  'word-to-pdf': null,
  'pdf-to-jpg': PdfToJpgOptions,
  'jpg-to-pdf': JpgToPdfOptions,
  rotate: RotateOptions,
} satisfies Record<ToolId, ComponentType<ToolOptionsProps> | null>;

/** The options form of a tool (typed wide, so callers handle tools that gain a form later). */
export function optionsFormOf(toolId: ToolId): ComponentType<ToolOptionsProps> | null {
  return TOOL_OPTION_FORMS[toolId];
}
