import { kindOfFileName, SITE_TOOL_IDS, TOOLS, type ToolDefinition, type ToolId } from '@quire/shared';

type FileLike = { readonly name: string; readonly size: number };

/**
 * The tools a result can be carried on to, in the registry's order: every tool of the site but the one that made
 * it that takes each of its files' kinds (a PDF: every PDF tool; the JPGs of PDF to JPG: JPG to PDF), as many of
 * them (at most its `maxFiles`) and each of its size. A tool that wants more files than the result holds (Merge,
 * for one PDF) is offered too: its page asks for the rest, as it does for files chosen there.
 */
export function nextToolsFor(files: readonly FileLike[], from: ToolId): ToolId[] {
  if (files.length === 0) return [];
  const totalBytes = files.reduce((total, file) => total + file.size, 0);
  return SITE_TOOL_IDS.filter((id) => {
    if (id === from) return false;
    const tool: ToolDefinition = TOOLS[id];
    return (
      files.length <= tool.maxFiles &&
      totalBytes <= tool.maxRequestBytes &&
      files.every((file) => {
        const kind = kindOfFileName(file.name);
        return kind !== null && tool.accepts.includes(kind) && file.size <= tool.maxFileBytes;
      })
    );
  });
}
