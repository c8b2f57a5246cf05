import type * as Mupdf from 'mupdf';
import type { PdfaRule } from '@quire/shared';
import { at, elements, nameAt, nameOf, numberAt } from './pdf-values.ts';

/** Actions PDF/A forbids in every part (ISO 19005-1 6.6.1, -2 6.5.1). */
const FORBIDDEN_ACTIONS = new Set([
  'JavaScript',
  'Launch',
  'Sound',
  'Movie',
  'ResetForm',
  'ImportData',
  'Hide',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
]);

/** Annotation types no part of PDF/A allows (PDF/A-1 also forbids FileAttachment). */
const FORBIDDEN_ANNOTATIONS = new Set(['Sound', 'Movie', 'Screen', '3D', 'RichMedia']);

/** Annotations that need no appearance stream. */
const WITHOUT_APPEARANCE = new Set(['Popup', 'Link']);

const FONT_SUBTYPES = new Set([
  'Type1',
  'MMType1',
  'TrueType',
  'Type0',
  'CIDFontType0',
  'CIDFontType2',
  'Type3',
]);

/** Annotation flags (PDF 32000-1 12.5.3). */
const FLAG = { invisible: 1, hidden: 2, print: 4, noView: 32 } as const;

/** What the object walk reports into: only the rules of the level asked for are kept. */
export type Report = (rule: PdfaRule, detail: string) => void;

export type WalkOptions = { isPdfa1: boolean };

/**
 * Checks one object of the file (any object: the walk visits them all, so a font or an action hidden where pages do
 * not reach is found too) against the object-level rules.
 */
export function checkObject(
  num: number,
  object: Mupdf.PDFObject,
  report: Report,
  options: WalkOptions,
): void {
  if (!object.isDictionary()) return;
  const where = `object ${num}`;
  const type = nameAt(object, 'Type');
  const subtype = nameAt(object, 'Subtype');

  if (object.isStream()) checkFilters(object, where, report);
  if (
    (type === 'Font' || (type === undefined && nameAt(object, 'BaseFont') !== undefined)) &&
    subtype !== undefined
  ) {
    if (FONT_SUBTYPES.has(subtype)) checkFont(object, subtype, where, report);
  }
  if (at(object, 'AA') !== undefined) report('no-forbidden-actions', `${where} has additional actions (/AA)`);
  for (const key of ['A', 'OpenAction', 'Next']) checkAction(at(object, key), where, report);
  if (
    type === 'Annot' ||
    (at(object, 'Rect')?.isArray() === true && subtype !== undefined && !object.isStream())
  ) {
    if (type === 'Annot' || ['F', 'AP', 'P'].some((key) => at(object, key) !== undefined)) {
      checkAnnotation(object, subtype ?? '', where, report, options);
    }
  }
  if (type === 'EmbeddedFile' || (type === 'Filespec' && at(object, 'EF') !== undefined)) {
    report('no-embedded-files', `${where} is an embedded file`);
  }
  if (options.isPdfa1) checkTransparency(object, type, subtype, where, report);
}

function checkFilters(stream: Mupdf.PDFObject, where: string, report: Report): void {
  const filter = at(stream, 'Filter');
  const names = filter?.isArray() === true ? elements(filter).map(nameOf) : [nameOf(filter)];
  if (names.some((name) => name === 'LZWDecode' || name === 'LZW'))
    report('no-lzw', `${where} is LZW-compressed`);
}

function checkFont(font: Mupdf.PDFObject, subtype: string, where: string, report: Report): void {
  // A Type3 font's glyphs are content streams inside the file: embedded by nature.
  if (subtype === 'Type3') return;
  const name = nameAt(font, 'BaseFont') ?? '(unnamed)';
  const described = subtype === 'Type0' ? at(font, 'DescendantFonts', 0) : font;
  const isEmbedded = ['FontFile', 'FontFile2', 'FontFile3'].some(
    (key) => at(described, 'FontDescriptor', key)?.isStream() === true,
  );
  if (!isEmbedded) report('fonts-embedded', `font ${name} (${where}) is not embedded`);
}

function checkAction(action: Mupdf.PDFObject | undefined, where: string, report: Report): void {
  if (action === undefined || !action.isDictionary()) return;
  const kind = nameAt(action, 'S');
  if (kind !== undefined && FORBIDDEN_ACTIONS.has(kind))
    report('no-forbidden-actions', `${where} has a ${kind} action`);
  if (kind === 'Named') {
    const named = nameAt(action, 'N');
    if (named !== undefined && !['NextPage', 'PrevPage', 'FirstPage', 'LastPage'].includes(named)) {
      report('no-forbidden-actions', `${where} has a named action ${named}`);
    }
  }
}

function checkAnnotation(
  annot: Mupdf.PDFObject,
  subtype: string,
  where: string,
  report: Report,
  { isPdfa1 }: WalkOptions,
): void {
  if (FORBIDDEN_ANNOTATIONS.has(subtype) || (isPdfa1 && subtype === 'FileAttachment')) {
    report('annotations-printable', `${where} is a ${subtype} annotation`);
    return;
  }
  if (subtype === 'Popup') return;
  const flags = numberAt(annot, 'F') ?? 0;
  if ((flags & FLAG.print) === 0) report('annotations-printable', `${where} (${subtype}) is not printed`);
  if ((flags & (FLAG.invisible | FLAG.hidden | FLAG.noView)) !== 0) {
    report('annotations-printable', `${where} (${subtype}) is hidden`);
  }
  if (WITHOUT_APPEARANCE.has(subtype)) return;
  const corners = [0, 1, 2, 3].map((index) => numberAt(annot, 'Rect', index));
  const isEmpty = corners[0] === corners[2] && corners[1] === corners[3];
  if (!isEmpty && at(annot, 'AP', 'N') === undefined) {
    report('annotations-printable', `${where} (${subtype}) has no appearance stream`);
  }
  if (isPdfa1 && (numberAt(annot, 'CA') ?? 1) < 1) {
    report('no-transparency', `${where} (${subtype}) is drawn with opacity below 1`);
  }
}

function checkTransparency(
  object: Mupdf.PDFObject,
  type: string | undefined,
  subtype: string | undefined,
  where: string,
  report: Report,
): void {
  if (nameAt(object, 'Group', 'S') === 'Transparency') {
    report('no-transparency', `${where} has a transparency group`);
  }
  const softMask = at(object, 'SMask');
  if (softMask !== undefined && nameOf(softMask) !== 'None')
    report('no-transparency', `${where} has a soft mask`);
  if (subtype === 'Image' && (numberAt(object, 'SMaskInData') ?? 0) !== 0) {
    report('no-transparency', `${where} has a soft mask in its data`);
  }
  if (
    type === 'ExtGState' ||
    (type === undefined && ['CA', 'ca', 'BM'].some((key) => at(object, key) !== undefined))
  ) {
    for (const key of ['CA', 'ca']) {
      const alpha = numberAt(object, key);
      if (alpha !== undefined && alpha < 1) report('no-transparency', `${where} sets /${key} ${alpha}`);
    }
    const blend = at(object, 'BM');
    const modes = blend === undefined ? [] : blend.isArray() ? elements(blend).map(nameOf) : [nameOf(blend)];
    if (modes.some((mode) => mode !== 'Normal' && mode !== 'Compatible')) {
      report('no-transparency', `${where} uses blend mode ${modes.join(', ')}`);
    }
  }
}
