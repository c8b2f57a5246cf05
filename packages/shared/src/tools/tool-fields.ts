import { TOOLS, TOOL_IDS, type ToolDefinition, type ToolId } from './registry.ts';

// The names a tool's request uses: its upload fields, and the tool a job names.

/** Field name of the n-th uploaded file (0-based). */
export function fileFieldName(tool: ToolDefinition, index: number): string {
  return tool.fileField === 'single' ? 'file' : `file-${index}`;
}

/** Field name of the password for the n-th uploaded file (0-based). */
export function passwordFieldName(tool: ToolDefinition, index: number): string {
  return tool.fileField === 'single' ? 'password' : `password-${index}`;
}

/** The last segment of a tool's endpoint path (`to-jpg` for `/api/pdf/to-jpg`): the name a developer sees first. */
export function toolRouteName(toolId: ToolId): string {
  return TOOLS[toolId].apiPath.split('/').pop() as string;
}

/**
 * The tool a job names in its `tool` field: its id (`pdf-to-jpg`) or the name in its endpoint's path (`to-jpg`);
 * null for anything else.
 */
export function toolOfName(name: unknown): ToolId | null {
  if (typeof name !== 'string') return null;
  return TOOL_IDS.find((id) => id === name || toolRouteName(id) === name) ?? null;
}
