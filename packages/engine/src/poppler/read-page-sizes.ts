import { AppError } from '@quire/shared';
import { hasOversizeMetadata } from '../mupdf/oversize-metadata.ts';
import type { PageSize } from '../render/plan-page-renders.ts';
import { runPoppler } from './run-poppler.ts';

/**
 * Reads the size (crop box, in points) and rotation of every page with `pdfinfo`, the same parser pdftoppm uses,
 * so the pixel budget is computed on the page the renderer will draw. poppler 22.12 ignores `/UserUnit` when
 * rendering (measured), so the size it reports is the raster it allocates. Throws `FILE_DAMAGED` naming the file
 * when a page size cannot be read, or when the file's metadata is larger than pdfinfo can hold
 * (`hasOversizeMetadata`).
 */
export async function readPageSizes(
  path: string,
  pageCount: number,
  file: { name: string; index: number },
  limits: { signal: AbortSignal; timeoutMs: number },
): Promise<PageSize[]> {
  const damaged = () =>
    new AppError('FILE_DAMAGED', `"${file.name}" is damaged: its page sizes cannot be read.`, {
      fileIndex: file.index,
      fileName: file.name,
    });
  // pdfinfo reads the whole XMP metadata, whatever it is asked: metadata it cannot hold is refused before it spends
  // seconds inflating it up to its memory cap.
  if (await hasOversizeMetadata(path, undefined)) throw damaged();
  const result = await runPoppler('pdfinfo', ['-f', '1', '-l', String(pageCount), path], limits);
  if (result.exitCode !== 0) throw damaged();
  const sizes = parsePageSizes(result.stdout, pageCount);
  if (!sizes) throw damaged();
  return sizes;
}

/**
 * Parses `Page   N size: W x H pts` and `Page   N rot: R` lines. pdfinfo prints the document's Title, Author and
 * other metadata first, verbatim, so a hostile title could carry lines that look like page sizes: only the part
 * after the last `Pages:` line, which pdfinfo prints after all metadata, is read.
 */
export function parsePageSizes(output: string, pageCount: number): PageSize[] | null {
  const start = output.lastIndexOf('\nPages:');
  if (start < 0) return null;
  const tail = output.slice(start);
  const sizes = new Map<number, { widthPt: number; heightPt: number }>();
  const rotations = new Map<number, number>();
  for (const match of tail.matchAll(/^Page\s+(\d+) size:\s+(\S+) x (\S+) pts/gm)) {
    sizes.set(Number(match[1]), { widthPt: Number(match[2]), heightPt: Number(match[3]) });
  }
  for (const match of tail.matchAll(/^Page\s+(\d+) rot:\s+(-?\d+)/gm)) {
    rotations.set(Number(match[1]), Number(match[2]));
  }
  const pages: PageSize[] = [];
  for (let pageNumber = 1; pageNumber <= pageCount; pageNumber += 1) {
    const size = sizes.get(pageNumber);
    const rotateDegrees = rotations.get(pageNumber);
    if (!size || rotateDegrees === undefined) return null;
    const isUsable = (value: number) => Number.isFinite(value) && value > 0;
    if (!isUsable(size.widthPt) || !isUsable(size.heightPt)) return null;
    pages.push({ ...size, rotateDegrees });
  }
  return pages;
}
