/**
 * Page numbers as a page list with runs joined (`1-3, 7`; qpdf's syntax with `separator` ','): ascending, each
 * once; empty for none.
 */
export function formatPageList(pages: readonly number[], separator = ', '): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let index = 0; index < sorted.length;) {
    const start = sorted[index] as number;
    let end = start;
    while (sorted[index + 1] === end + 1) {
      end += 1;
      index += 1;
    }
    index += 1;
    runs.push(start === end ? `${start}` : `${start}-${end}`);
  }
  return runs.join(separator);
}
