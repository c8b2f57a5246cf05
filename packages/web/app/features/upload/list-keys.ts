/**
 * Stable React keys for a list of files that can be reordered: a file keeps its key when it moves, so its entry
 * (and the button that has focus) moves with it. The same file picked twice gets a numbered second key.
 */
export function listKeysOf(files: readonly { name: string; size: number; lastModified: number }[]): string[] {
  const seen = new Map<string, number>();
  return files.map((file) => {
    const base = `${file.name}|${file.size}|${file.lastModified}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}|${count}`;
  });
}
