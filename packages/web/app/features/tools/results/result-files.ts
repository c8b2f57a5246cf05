import { kindOfFileName, TOOLS, type ToolId } from '@quire/shared';

/** A result as the page holds it once fetched: its bytes, the name it is saved under and its type. */
export type HeldResult = { readonly blob: Blob; readonly fileName: string; readonly mimeType: string };

const ZIP = 'application/zip';

/** The type of a file taken out of a zip, by its name (a file of the page's memory, as one the visitor chose). */
function mimeTypeOf(name: string): string {
  const kind = kindOfFileName(name);
  if (kind === 'pdf') return 'application/pdf';
  if (kind === 'image') return name.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg';
  return '';
}

/**
 * The files a result holds, as the page holds the visitor's own: the result itself under the name it is saved as
 * (a File over the result's Blob, no copy), or for a zip (Split's parts, PDF to JPG's pictures) each file in it,
 * read out in the browser, in the zip's order. Nothing is fetched again: the bytes are the ones the download
 * offers.
 */
export async function readResultFiles(result: HeldResult): Promise<File[]> {
  if (result.mimeType !== ZIP) return [new File([result.blob], result.fileName, { type: result.mimeType })];
  const { unzipSync } = await import('fflate');
  // The files in the zip's order (an object's keys would put names that read as numbers first).
  const names: string[] = [];
  const entries = unzipSync(new Uint8Array(await result.blob.arrayBuffer()), {
    filter: (entry) => {
      const isFile = !entry.name.endsWith('/');
      if (isFile) names.push(entry.name);
      return isFile;
    },
  });
  return names.flatMap((name) => {
    const bytes = entries[name];
    return bytes ? [new File([bytes as Uint8Array<ArrayBuffer>], name, { type: mimeTypeOf(name) })] : [];
  });
}

/** How a result is shown before it is downloaded. */
export type ResultPreviewKind =
  /** The pages of the PDF made. */
  | 'pages'
  /** One page of the original beside the same page of the result, at the same size (Compress). */
  | 'compare'
  /** The pictures made (PDF to JPG's, from its zip). */
  | 'pictures'
  /** Nothing beyond the download: a Word file, a zip of PDFs, one picture (shown small with its name). */
  | 'none';

/** How the files of a result are shown: a PDF's pages (Compress's beside its original's), several pictures. */
export function previewKindOf(
  toolId: ToolId,
  files: readonly { readonly name: string }[],
): ResultPreviewKind {
  const kinds = files.map((file) => kindOfFileName(file.name));
  if (kinds.length === 1 && kinds[0] === 'pdf') return toolId === 'compress' ? 'compare' : 'pages';
  if (kinds.length > 1 && kinds.every((kind) => kind === 'image')) return 'pictures';
  return 'none';
}

/**
 * The password that opens a result, if it needs one: the new password of a tool that sets one (an option of the
 * `secret` kind: Protect's), else the source's, for a result that keeps its source's protection. A PDF without
 * protection opens whatever password is given.
 */
export function resultPasswordOf(
  toolId: ToolId,
  options: Readonly<Record<string, string>>,
  sourcePassword: string | undefined,
): string | undefined {
  const secret = Object.entries(TOOLS[toolId].options).find(([, spec]) => spec.kind === 'secret')?.[0];
  const newPassword = secret === undefined ? undefined : options[secret];
  return newPassword ? newPassword : sourcePassword;
}
