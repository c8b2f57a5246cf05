import type * as Mupdf from 'mupdf';

/**
 * True when some form XObject can end up drawing itself: a form listing itself among its XObjects, or forms
 * listing each other in a ring. A form without resources of its own borrows those of whoever lists it, so it
 * counts as able to draw everything listed beside it, itself included: an over-estimate, read from the resource
 * dictionaries without parsing content. A viewer stops at such a loop, but MuPDF's font subsetting (1.28) follows
 * it for ever, so compression skips subsetting when this is true (hardening item 26). Appearance streams of
 * annotations are forms too.
 */
export function hasFormXObjectCycle(pdf: Mupdf.PDFDocument): boolean {
  const forms = new Map<number, Mupdf.PDFObject>();
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    const object = pdf.newIndirect(num);
    if (object.isStream() && isForm(object)) forms.set(num, object);
  }
  if (forms.size === 0) return false;

  const formsIn = (resources: Mupdf.PDFObject): number[] => {
    const xobjects = resources.get('XObject');
    const found: number[] = [];
    if (!xobjects.isDictionary()) return found;
    xobjects.forEach((value) => {
      if (value.isIndirect() && forms.has(value.asIndirect())) found.push(value.asIndirect());
    });
    return found;
  };
  const edges = new Map<number, Set<number>>([...forms.keys()].map((num) => [num, new Set<number>()]));
  const link = (from: number, targets: readonly number[]) => {
    for (const target of targets) edges.get(from)?.add(target);
  };
  // Every resource dictionary that can list a form: each page's (inherited) resources and each form's own.
  const resourceDicts: Mupdf.PDFObject[] = [];
  for (let index = 0; index < pdf.countPages(); index += 1) {
    const resources = pdf.findPage(index).getInheritable('Resources');
    if (resources.isDictionary()) resourceDicts.push(resources);
  }
  for (const [num, form] of forms) {
    const resources = form.get('Resources');
    if (resources.isDictionary()) {
      resourceDicts.push(resources);
      link(num, formsIn(resources));
    }
  }
  // A form without resources draws with those of whoever draws it: it may reach every form listed beside it.
  for (const resources of resourceDicts) {
    const listed = formsIn(resources);
    for (const num of listed) if (!forms.get(num)?.get('Resources').isDictionary()) link(num, listed);
  }
  return hasCycle(edges);
}

function isForm(stream: Mupdf.PDFObject): boolean {
  const subtype = stream.get('Subtype');
  return subtype.isName() ? subtype.asName() === 'Form' : stream.get('BBox').isArray();
}

/** Depth-first search without recursion (a hostile file can chain thousands of forms). */
function hasCycle(edges: ReadonlyMap<number, ReadonlySet<number>>): boolean {
  const done = new Set<number>();
  for (const start of edges.keys()) {
    if (done.has(start)) continue;
    const onPath = new Set<number>([start]);
    const stack: Array<{ node: number; next: Iterator<number> }> = [
      { node: start, next: (edges.get(start) ?? new Set<number>()).values() },
    ];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as (typeof stack)[number];
      const step = top.next.next();
      if (step.done) {
        onPath.delete(top.node);
        done.add(top.node);
        stack.pop();
        continue;
      }
      const target = step.value;
      if (onPath.has(target)) return true;
      if (done.has(target)) continue;
      onPath.add(target);
      stack.push({ node: target, next: (edges.get(target) ?? new Set<number>()).values() });
    }
  }
  return false;
}
