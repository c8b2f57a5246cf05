import type { ToolDefinition } from '@quire/shared';

/**
 * The starting value of every choice option, as form fields: the registry's default, or for a required choice
 * without one (rotate's angle) its first allowed value, so the form always shows a selection. Page lists start
 * empty and are added by the forms.
 */
export function defaultOptionsOf(tool: ToolDefinition): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(tool.options)) {
    if (spec.kind !== 'enum') continue;
    const value = spec.default ?? spec.values[0];
    if (value !== undefined) values[name] = value;
  }
  return values;
}
