import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

/** What `docx` writes to end a section: an empty paragraph holding the section's properties. */
const SECTION_BREAK = '<w:p><w:pPr><w:sectPr>';
/** The same paragraph a twentieth of a point high, its mark in 1-point type. */
const SLIM_SECTION_BREAK =
  '<w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="1" w:lineRule="exact"/>' +
  '<w:rPr><w:sz w:val="2"/><w:szCs w:val="2"/></w:rPr><w:sectPr>';

/**
 * Makes the paragraphs that end sections as thin as Word allows. Each PDF page is a section (and each stripe of a
 * page with columns), and the paragraph ending it takes a line of the default size: on a page filled to its bottom,
 * that line alone spills onto a page of its own, a blank page with only the header and footer.
 */
export function slimSectionBreaks(docx: Uint8Array): Uint8Array {
  const files = unzipSync(docx);
  const document = files['word/document.xml'];
  if (!document) return docx;
  files['word/document.xml'] = strToU8(strFromU8(document).replaceAll(SECTION_BREAK, SLIM_SECTION_BREAK));
  return zipSync(files, { level: 6 });
}
