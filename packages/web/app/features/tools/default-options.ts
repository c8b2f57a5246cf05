import type { ToolDefinition } from '@quire/shared';

/** The registry's default value of every option that has one, as form fields. */
export function defaultOptionsOf(tool: ToolDefinition): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(tool.options)) {
    if (spec.kind === 'enum' && spec.default !== undefined) values[name] = spec.default;
  }
  return values;
}
