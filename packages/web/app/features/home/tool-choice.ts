import { FILE_KINDS, kindOfFileName, SITE_TOOL_IDS, TOOLS, type FileKind, type ToolId } from '@quire/shared';

type FileLike = { readonly name: string; readonly size: number };

/** Why no tool takes a group of files of one kind. */
export type GroupProblem =
  | { readonly reason: 'too-many'; readonly maxFiles: number }
  | { readonly reason: 'too-large'; readonly fileName: string; readonly maxFileBytes: number };

/** Files of one kind among those chosen, the tools that take all of them, or why none does. */
export type FileGroup<F extends FileLike> = {
  readonly kind: FileKind;
  readonly files: readonly F[];
  readonly tools: readonly ToolId[];
  readonly problem: GroupProblem | null;
};

/**
 * What the home page offers for the files chosen: the tools that take them all (`all`); else, for files of one kind,
 * why no tool does (`one-kind`); else, for files of several kinds, each kind apart (`by-kind`), so that the visitor
 * can take the PDFs to a PDF tool and the images to JPG to PDF, rather than be told what files the site takes.
 */
export type ToolChoice<F extends FileLike> =
  | { readonly type: 'all'; readonly tools: readonly ToolId[] }
  | { readonly type: 'one-kind'; readonly group: FileGroup<F> }
  | { readonly type: 'by-kind'; readonly groups: readonly FileGroup<F>[] };

/** The tools that take these files all at once: their kinds, how many (merge wants two or more) and their sizes. */
export function toolsFor(files: readonly FileLike[]): ToolId[] {
  if (files.length === 0) return [];
  return SITE_TOOL_IDS.filter((id) => {
    const tool = TOOLS[id];
    return (
      files.length >= tool.minFiles &&
      files.length <= tool.maxFiles &&
      files.every((file) => kindIn(kindOfFileName(file.name), tool.accepts) && file.size <= tool.maxFileBytes)
    );
  });
}

function kindIn(kind: FileKind | null, kinds: readonly FileKind[]): boolean {
  return kind !== null && kinds.includes(kind);
}

/** Why no tool of a kind takes these files of it: too many for the tool that takes the most, or one too large. */
function problemOf(kind: FileKind, files: readonly FileLike[]): GroupProblem | null {
  const tools = SITE_TOOL_IDS.map((id) => TOOLS[id]).filter((tool) => kindIn(kind, tool.accepts));
  const maxFiles = Math.max(0, ...tools.map((tool) => tool.maxFiles));
  if (files.length > maxFiles) return { reason: 'too-many', maxFiles };
  const maxFileBytes = Math.max(0, ...tools.map((tool) => tool.maxFileBytes));
  const tooLarge = files.find((file) => file.size > maxFileBytes);
  return tooLarge ? { reason: 'too-large', fileName: tooLarge.name, maxFileBytes } : null;
}

function groupOf<F extends FileLike>(kind: FileKind, files: readonly F[]): FileGroup<F> {
  const tools = toolsFor(files);
  return { kind, files, tools, problem: tools.length > 0 ? null : problemOf(kind, files) };
}

export function toolChoiceFor<F extends FileLike>(files: readonly F[]): ToolChoice<F> {
  const tools = toolsFor(files);
  if (tools.length > 0) return { type: 'all', tools };
  const groups = (Object.keys(FILE_KINDS) as FileKind[])
    .map((kind) =>
      groupOf(
        kind,
        files.filter((file) => kindOfFileName(file.name) === kind),
      ),
    )
    .filter((group) => group.files.length > 0);
  const [only, ...others] = groups;
  return only && others.length === 0 ? { type: 'one-kind', group: only } : { type: 'by-kind', groups };
}
