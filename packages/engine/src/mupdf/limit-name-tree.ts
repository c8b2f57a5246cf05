import { MAX_NAME_TREE_DEPTH, MAX_NAME_TREE_NODES } from '@quire/shared';
import type * as Mupdf from 'mupdf';

/**
 * Makes a document's named destinations safe for MuPDF, whose name lookup (behind every `#nameddest=` link and
 * bookmark it resolves) descends the /Dests name tree recursively: a tree a few hundred levels deep already never
 * returns, its WebAssembly thread spinning. The tree is walked here without recursion, each node at most once. A
 * tree no deeper than `MAX_NAME_TREE_DEPTH`, of at most `MAX_NAME_TREE_NODES` nodes and without a node reached twice
 * is left as it is; any other is removed from this open copy (never saved), so that file's named destinations
 * resolve to nothing: its links and bookmarks keep their place without a target. Real trees are a few levels deep
 * (a hundred names a node and four levels hold a hundred million). Returns whether the tree was removed.
 */
export function limitNameTree(pdf: Mupdf.PDFDocument): boolean {
  const names = pdf.getTrailer().get('Root').get('Names');
  if (!names.isDictionary()) return false;
  const dests = names.get('Dests');
  if (!dests.isDictionary() || isWithinLimits(dests)) return false;
  names.delete('Dests');
  return true;
}

function isWithinLimits(root: Mupdf.PDFObject): boolean {
  const seen = new Set<number>();
  const pending: { node: Mupdf.PDFObject; depth: number }[] = [{ node: root, depth: 1 }];
  let nodes = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, depth } = next;
    if (!node.isDictionary()) continue;
    if (node.isIndirect()) {
      const number = node.asIndirect();
      if (seen.has(number)) return false;
      seen.add(number);
    }
    nodes += 1;
    if (depth > MAX_NAME_TREE_DEPTH || nodes > MAX_NAME_TREE_NODES) return false;
    const kids = node.get('Kids');
    if (!kids.isArray()) continue;
    // A /Kids array longer than the node budget fails it without reading every entry.
    if (kids.length > MAX_NAME_TREE_NODES) return false;
    for (let index = 0; index < kids.length; index += 1)
      pending.push({ node: kids.get(index), depth: depth + 1 });
  }
  return true;
}
