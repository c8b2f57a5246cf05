export const TOOL_IDS = [
  'merge',
  'split',
  'compress',
  'pdf-to-word',
  'word-to-pdf',
  'pdf-to-jpg',
  'jpg-to-pdf',
  'rotate',
  'ocr',
] as const;

export type ToolId = (typeof TOOL_IDS)[number];

export function isToolId(value: unknown): value is ToolId {
  return typeof value === 'string' && (TOOL_IDS as readonly string[]).includes(value);
}
