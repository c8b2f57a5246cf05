import type * as Mupdf from 'mupdf';

/** Content streams, forms inside forms: deeper than this is not followed (a hostile cycle is cut by `seen` too). */
const MAX_FORM_DEPTH = 16;

/**
 * Removes what the document's layers hidden when it opens hold (optional content off in its default configuration):
 * a reader does not show it, but it is in the file, and any other reader, or one switching the layer on, shows it. The
 * pages' and their forms' content marked with a hidden layer (`/OC /name BDC … EMC`) is cut out, forms and pictures
 * that belong to one are emptied, and annotations that belong to one are removed.
 */
export function removeHiddenContent(pdf: Mupdf.PDFDocument): void {
  const hidden = hiddenGroups(pdf);
  if (hidden.size === 0) return;
  const isHidden = (group: Mupdf.PDFObject) => isGroupHidden(group, hidden);
  const seen = new Set<number>();
  for (let index = 0; index < pdf.countPages(); index += 1) {
    const page = pdf.findPage(index);
    const resources = page.getInheritable('Resources');
    const contents = page.get('Contents');
    const streams: Mupdf.PDFObject[] = [];
    if (contents.isArray()) contents.forEach((stream) => streams.push(stream));
    else if (contents.isStream()) streams.push(contents);
    if (streams.length > 0) {
      const source = streams.map((stream) =>
        Buffer.from(stream.readStream().asUint8Array()).toString('latin1'),
      );
      const filtered = cutHiddenSections(source.join('\n'), markedHidden(resources, isHidden));
      if (filtered !== null) page.put('Contents', pdf.addStream(Buffer.from(filtered, 'latin1'), {}));
    }
    emptyHiddenXObjects(pdf, resources, isHidden, seen, 0);
    const annotations = page.get('Annots');
    if (annotations.isArray()) {
      for (let at = annotations.length - 1; at >= 0; at -= 1) {
        if (isHidden(annotations.get(at).get('OC'))) annotations.delete(at);
      }
    }
  }
}

/** The object numbers of the optional content groups off in the default configuration. */
function hiddenGroups(pdf: Mupdf.PDFDocument): Set<number> {
  const properties = pdf.getTrailer().get('Root', 'OCProperties');
  const hidden = new Set<number>();
  if (!properties.isDictionary()) return hidden;
  const config = properties.get('D');
  const numbers = (list: Mupdf.PDFObject) => {
    const found: number[] = [];
    if (list.isArray()) list.forEach((item) => item.isIndirect() && found.push(item.asIndirect()));
    return found;
  };
  const base = config.get('BaseState');
  if (base.isName() && base.asName() === 'OFF') {
    const shown = new Set(numbers(config.get('ON')));
    for (const group of numbers(properties.get('OCGs'))) if (!shown.has(group)) hidden.add(group);
  } else {
    for (const group of numbers(config.get('OFF'))) hidden.add(group);
  }
  return hidden;
}

/** Whether an optional content group, or a membership dictionary of groups, is hidden. */
function isGroupHidden(group: Mupdf.PDFObject, hidden: ReadonlySet<number>): boolean {
  if (group.isIndirect() && hidden.has(group.asIndirect())) return true;
  if (!group.isDictionary() || group.get('Type').asName() !== 'OCMD') return false;
  const members: boolean[] = [];
  const list = group.get('OCGs');
  if (list.isArray())
    list.forEach((item) => members.push(item.isIndirect() && hidden.has(item.asIndirect())));
  else if (list.isIndirect()) members.push(hidden.has(list.asIndirect()));
  if (members.length === 0) return false;
  const policy = group.get('P').isName() ? group.get('P').asName() : 'AnyOn';
  switch (policy) {
    case 'AllOn':
      return members.some((isOff) => isOff);
    case 'AnyOff':
      return members.every((isOff) => !isOff);
    case 'AllOff':
      return members.some((isOff) => !isOff);
    default:
      return members.every((isOff) => isOff);
  }
}

/** The names of `/Properties` in `resources` that stand for a hidden group. */
function markedHidden(
  resources: Mupdf.PDFObject,
  isHidden: (group: Mupdf.PDFObject) => boolean,
): Set<string> {
  const names = new Set<string>();
  const properties = resources.isDictionary() ? resources.get('Properties') : resources;
  if (properties.isDictionary()) {
    properties.forEach((value, key) => {
      if (isHidden(value)) names.add(String(key));
    });
  }
  return names;
}

/** Forms and pictures of `resources` that belong to a hidden group emptied; other forms' content filtered. */
function emptyHiddenXObjects(
  pdf: Mupdf.PDFDocument,
  resources: Mupdf.PDFObject,
  isHidden: (group: Mupdf.PDFObject) => boolean,
  seen: Set<number>,
  depth: number,
): void {
  if (!resources.isDictionary() || depth > MAX_FORM_DEPTH) return;
  const xobjects = resources.get('XObject');
  if (!xobjects.isDictionary()) return;
  xobjects.forEach((xobject) => {
    if (!xobject.isIndirect() || seen.has(xobject.asIndirect()) || !xobject.isStream()) return;
    seen.add(xobject.asIndirect());
    const isForm = xobject.get('Subtype').isName() && xobject.get('Subtype').asName() === 'Form';
    if (isHidden(xobject.get('OC'))) {
      if (isForm) xobject.writeStream(new Uint8Array(0));
      else blankImage(pdf, xobject);
      return;
    }
    if (!isForm) return;
    const inner = xobject.get('Resources');
    const source = Buffer.from(xobject.readStream().asUint8Array()).toString('latin1');
    const filtered = cutHiddenSections(source, markedHidden(inner, isHidden));
    if (filtered !== null) xobject.writeStream(Buffer.from(filtered, 'latin1'));
    emptyHiddenXObjects(pdf, inner, isHidden, seen, depth + 1);
  });
}

/** A picture made one white pixel, its masks gone: what it showed is no longer in the file. */
function blankImage(pdf: Mupdf.PDFDocument, image: Mupdf.PDFObject): void {
  for (const key of ['Filter', 'DecodeParms', 'SMask', 'Mask', 'Decode', 'ImageMask', 'Intent'])
    image.delete(key);
  image.put('Width', 1);
  image.put('Height', 1);
  image.put('ColorSpace', pdf.newName('DeviceGray'));
  image.put('BitsPerComponent', 8);
  image.writeStream(new Uint8Array([255]));
}

const WHITESPACE = new Set([' ', '\n', '\r', '\t', '\f', '\0']);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);

/**
 * A content stream without its sections marked with a hidden group (`/OC /name BDC … EMC`, nested marked content
 * counted), or null when it has none. Strings, comments and inline images are skipped as such, so nothing inside
 * them is read as an operator.
 */
export function cutHiddenSections(content: string, hiddenNames: ReadonlySet<string>): string | null {
  if (hiddenNames.size === 0) return null;
  const cuts: [number, number][] = [];
  const stack: { start: number; isHidden: boolean }[] = [];
  let operands: string[] = [];
  let operandStart = 0;
  let at = 0;
  const length = content.length;
  while (at < length) {
    const char = content[at] as string;
    if (WHITESPACE.has(char)) {
      at += 1;
      continue;
    }
    const start = at;
    if (char === '%') {
      while (at < length && content[at] !== '\n' && content[at] !== '\r') at += 1;
      continue;
    }
    if (char === '(') {
      at = skipString(content, at);
      operands.push('(');
    } else if (char === '<' && content[at + 1] === '<') {
      at += 2;
      operands.push('<<');
    } else if (char === '>' && content[at + 1] === '>') {
      at += 2;
      operands.push('>>');
    } else if (char === '<') {
      at = content.indexOf('>', at);
      at = at < 0 ? length : at + 1;
      operands.push('<');
    } else if (DELIMITERS.has(char) && char !== '/') {
      at += 1;
      operands.push(char);
    } else {
      at += 1;
      while (
        at < length &&
        !WHITESPACE.has(content[at] as string) &&
        !DELIMITERS.has(content[at] as string)
      ) {
        at += 1;
      }
      const token = content.slice(start, at);
      if (char === '/' || /^[+-]?(\d|\.\d)/.test(token) || ['true', 'false', 'null'].includes(token)) {
        operands.push(token);
        continue;
      }
      // An operator: what it takes are the operands since the last one.
      if (token === 'BI') at = skipInlineImage(content, at);
      else if (token === 'BDC' || token === 'BMC') {
        const isOptional = token === 'BDC' && operands[0] === '/OC' && operands.length === 2;
        const name = (operands[1] ?? '').slice(1);
        stack.push({ start: operandStart, isHidden: isOptional && hiddenNames.has(name) });
      } else if (token === 'EMC') {
        const section = stack.pop();
        if (section?.isHidden && !stack.some((outer) => outer.isHidden)) cuts.push([section.start, at]);
      }
      operands = [];
      operandStart = at;
    }
  }
  // A hidden section never closed runs to the end.
  const open = stack.find((section) => section.isHidden);
  if (open) cuts.push([open.start, length]);
  if (cuts.length === 0) return null;
  let result = '';
  let kept = 0;
  for (const [from, to] of cuts) {
    result += `${content.slice(kept, from)} `;
    kept = to;
  }
  return result + content.slice(kept);
}

/** The index after a literal string starting at `at` (its parentheses balanced, escapes skipped). */
function skipString(content: string, at: number): number {
  let depth = 0;
  for (let index = at; index < content.length; index += 1) {
    const char = content[index];
    if (char === '\\') index += 1;
    else if (char === '(') depth += 1;
    else if (char === ')') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return content.length;
}

/** The index after an inline image's `EI`, from just after its `BI`. */
function skipInlineImage(content: string, at: number): number {
  const data = content.indexOf('ID', at);
  if (data < 0) return content.length;
  const end = /\sEI(?=[\s/[<(%]|$)/g;
  end.lastIndex = data + 3;
  const found = end.exec(content);
  return found ? found.index + found[0].length : content.length;
}
