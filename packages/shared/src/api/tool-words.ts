import apiDocs from '../../../../content/locales/en/apiDocs.json' with { type: 'json' };
import type { ToolId } from '../tools/tool-ids.ts';

/** A tool's words in the API reference: what its endpoint does, and what each of its options does. */
export type ToolWords = {
  readonly summary: string;
  readonly description: string;
  /** What each option does, by option name (its type, values and default come from the registry). */
  readonly params?: Readonly<Record<string, string>>;
};

/**
 * Every operation's words in English, as the API docs page shows them (`content/locales/<locale>/apiDocs.json`,
 * `operations.<operationId>`): the English file is where they are written, once, and the OpenAPI document reads
 * them from it. The other languages translate the same keys. Read when asked, not when the module loads: a
 * bundler keeps a property read of a module's top level, and with it the whole file, in every page's scripts.
 */
const operations = (): Readonly<Record<string, ToolWords | undefined>> => apiDocs.operations;

/** The operation id of a tool: its id in camel case (`pdf-to-word` → `pdfToWord`). */
export function toolOperationId(toolId: ToolId): string {
  return toolId.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase());
}

/** A tool's English words in the API reference; a tool without them is a content error, named. */
export function toolWords(toolId: ToolId): ToolWords {
  const words = operations()[toolOperationId(toolId)];
  if (!words) {
    throw new Error(
      `content/locales/en/apiDocs.json has no operations.${toolOperationId(toolId)} for ${toolId}`,
    );
  }
  return words;
}
