import type * as Mupdf from 'mupdf';
import { checkObject } from './check-objects.ts';
import { at, elements, nameAt, numberAt } from './pdf-values.ts';
import { rulesOf, type PdfaLevel, type PdfaRule, type PdfaViolation } from '@quire/shared';
import { checkXmp } from './check-xmp.ts';

/** At most this many violations are kept: the first of each rule is what the answer names. */
const MAX_VIOLATIONS = 200;

/**
 * Checks an opened PDF against the rules of a PDF/A level that we verify (`PDFA_RULES`, the list the tool's page
 * shows): document-level rules on the trailer and catalogue, then every object of the file. Returns what breaks
 * them, in the order of `PDFA_RULES`; an empty list is a file that passes every rule we check (not a full
 * validation: veraPDF checks more, such as glyph widths and colour spaces inside content streams).
 */
export function checkPdfa(pdf: Mupdf.PDFDocument, level: PdfaLevel, signal?: AbortSignal): PdfaViolation[] {
  const checked = new Set(rulesOf(level));
  const violations: PdfaViolation[] = [];
  const report = (rule: PdfaRule, detail: string) => {
    if (checked.has(rule) && violations.length < MAX_VIOLATIONS) violations.push({ rule, detail });
  };

  const trailer = pdf.getTrailer();
  if (at(trailer, 'Encrypt') !== undefined) report('no-encryption', 'the trailer has /Encrypt');
  const catalog = at(trailer, 'Root');
  checkOutputIntent(catalog, report);
  checkXmp(catalog, at(trailer, 'Info'), level, report);
  if (at(catalog, 'Names', 'JavaScript') !== undefined)
    report('no-forbidden-actions', 'the document has scripts (/Names /JavaScript)');
  if (at(catalog, 'Names', 'EmbeddedFiles') !== undefined)
    report('no-embedded-files', 'the document has /Names /EmbeddedFiles');
  if (at(catalog, 'AcroForm', 'XFA') !== undefined) report('no-xfa', 'the form is an XFA form');
  const needAppearances = at(catalog, 'AcroForm', 'NeedAppearances');
  if (needAppearances?.isBoolean() === true && needAppearances.asBoolean()) {
    report('no-xfa', 'the form asks readers to draw its fields (/NeedAppearances true)');
  }

  const options = { isPdfa1: level === '1b' };
  const count = pdf.countObjects();
  for (let num = 1; num < count; num += 1) {
    if (num % 1000 === 0) signal?.throwIfAborted();
    checkObject(num, pdf.newIndirect(num), report, options);
  }
  const order = new Map(rulesOf(level).map((rule, index) => [rule, index]));
  return violations.sort((a, b) => (order.get(a.rule) ?? 0) - (order.get(b.rule) ?? 0));
}

function checkOutputIntent(
  catalog: Mupdf.PDFObject | undefined,
  report: (rule: PdfaRule, detail: string) => void,
): void {
  const intents = at(catalog, 'OutputIntents');
  if (intents?.isArray() !== true) {
    report('output-intent', 'the catalogue has no /OutputIntents');
    return;
  }
  const pdfa = elements(intents).filter((intent) => nameAt(intent, 'S') === 'GTS_PDFA1');
  if (pdfa.length === 0) {
    report('output-intent', 'no output intent is GTS_PDFA1');
    return;
  }
  const profile = at(pdfa[0], 'DestOutputProfile');
  if (profile?.isStream() !== true) {
    report('output-intent', 'the GTS_PDFA1 output intent has no embedded ICC profile');
    return;
  }
  const components = numberAt(profile, 'N');
  const bytes = profile.readStream().asUint8Array();
  // An ICC profile says "acsp" at byte 36.
  const isIcc = bytes.length > 128 && String.fromCharCode(...bytes.subarray(36, 40)) === 'acsp';
  if (!isIcc || components === undefined || ![1, 3, 4].includes(components)) {
    report('output-intent', 'the output intent’s profile is not an ICC profile with 1, 3 or 4 components');
  }
  const profiles = new Set(pdfa.map((intent) => intent.get('DestOutputProfile').toString()));
  if (profiles.size > 1) report('output-intent', 'the output intents name different profiles');
}
