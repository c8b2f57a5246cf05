/**
 * The tools' ids come from the registry: a tool is its entry in `TOOLS` (`registry.ts`), listed nowhere else. This
 * module keeps the path the rest of shared imports them from.
 */
export { TOOL_IDS, isToolId, type ToolId } from './registry.ts';
