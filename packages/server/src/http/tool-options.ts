import {
  AppError,
  TOOLS,
  readOptions,
  type ToolDefinition,
  type ToolId,
  type ToolOptions,
} from '@quire/shared';

/**
 * Reads a tool's options from the form fields against the registry's option specs, each as its kind reads it
 * (`OPTION_KINDS`): enumerations must hold one of their values (or take the default), page lists are trimmed text
 * of digits, commas, dashes and spaces. An unknown field is refused.
 */
export function parseToolOptions<T extends ToolId>(
  toolId: T,
  fields: ReadonlyMap<string, string>,
): ToolOptions<T> {
  const tool: ToolDefinition = TOOLS[toolId];
  for (const name of fields.keys()) {
    if (!Object.hasOwn(tool.options, name)) {
      throw new AppError('INVALID_OPTIONS', `Unknown field "${name}".`, { option: name });
    }
  }
  // Every option of the spec is read and checked, which is what ToolOptions<T> describes.
  return readOptions(tool.options, fields) as ToolOptions<T>;
}
