import { optionKindOf, type ToolDefinition } from '@quire/shared';

/**
 * The starting value of every option, as form fields, as its kind gives it (`OPTION_KINDS`): a choice starts on
 * its default, or on its first value when it has none (rotate's angle), so the form always shows a selection; a
 * page list starts absent and is added by the forms.
 */
export function defaultOptionsOf(tool: ToolDefinition): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(tool.options)) {
    const value = optionKindOf(spec).initialValue(spec);
    if (value !== undefined) values[name] = value;
  }
  return values;
}
