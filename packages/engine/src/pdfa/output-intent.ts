import { access } from 'node:fs/promises';

/**
 * The sRGB ICC profile the output intent embeds: Ghostscript's own (Debian's libgs-common, which ghostscript
 * depends on), else icc-profiles-free's.
 */
const SRGB_PROFILES = ['/usr/share/color/icc/ghostscript/srgb.icc', '/usr/share/color/icc/sRGB.icc'];

export async function findSrgbProfile(): Promise<string | undefined> {
  for (const path of SRGB_PROFILES) {
    try {
      await access(path);
      return path;
    } catch {
      // Try the next one.
    }
  }
  return undefined;
}

/**
 * PostScript run before the document: pdfmarks that embed the profile named by `-sQuireIccProfile` as an ICC
 * stream of three components and make it the catalogue's GTS_PDFA1 output intent (Ghostscript writes the PDF/A
 * identification and the rest itself, but no output intent without one).
 */
export const OUTPUT_INTENT_POSTSCRIPT = `%!
/QuireIcc QuireIccProfile (r) file def
[/_objdef {quire_icc} /type /stream /OBJ pdfmark
[{quire_icc} << /N 3 >> /PUT pdfmark
[{quire_icc} QuireIcc /PUT pdfmark
[/_objdef {quire_intent} /type /dict /OBJ pdfmark
[{quire_intent} << /Type /OutputIntent /S /GTS_PDFA1 /DestOutputProfile {quire_icc}
  /OutputConditionIdentifier (sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) >> /PUT pdfmark
[{Catalog} << /OutputIntents [ {quire_intent} ] >> /PUT pdfmark
`;
