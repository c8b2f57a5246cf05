import { isCommonFamily } from './common-fonts.ts';

/** What a PDF font name says about the family and style of the text, for Word. */
export type FontFace = { family: string; isBold: boolean; isItalic: boolean };

/** PDF base-14 and TeX font names that no desktop has installed, mapped to the family Word users have. */
const FAMILY_ALIASES: readonly [RegExp, string][] = [
  [/^(times|nimbusrom|tinos|liberationserif|tex-?gyre-?termes|ptm)/i, 'Times New Roman'],
  [/^(helvetica|arial|nimbussan|liberationsans|arimo|tex-?gyre-?heros|phv)/i, 'Arial'],
  [/^(courier|nimbusmon|liberationmono|cousine|pcr)/i, 'Courier New'],
  [/^(symbol|standardsymbol)/i, 'Symbol'],
  [/^(zapfdingbats|dingbats)/i, 'Wingdings'],
  [/^(palatino|urwpalladio|pplr)/i, 'Palatino Linotype'],
  [/^(bookman|urwbookman)/i, 'Bookman Old Style'],
  [/^(newcenturyschlbk|centuryschl|c059)/i, 'Century Schoolbook'],
];

/** Compact PostScript names of common families, spelled as Word lists them. */
const SPACED_NAMES: Record<string, string> = {
  calibrilight: 'Calibri Light',
  segoeui: 'Segoe UI',
  trebuchetms: 'Trebuchet MS',
  comicsansms: 'Comic Sans MS',
  bookantiqua: 'Book Antiqua',
  centurygothic: 'Century Gothic',
  lucidaconsole: 'Lucida Console',
  lucidasans: 'Lucida Sans',
  franklingothic: 'Franklin Gothic',
  gillsans: 'Gill Sans',
  msmincho: 'MS Mincho',
  msgothic: 'MS Gothic',
  mspmincho: 'MS PMincho',
  mspgothic: 'MS PGothic',
  microsoftyahei: 'Microsoft YaHei',
  microsoftjhenghei: 'Microsoft JhengHei',
  simsun: 'SimSun',
  simhei: 'SimHei',
  dengxian: 'DengXian',
  arialnarrow: 'Arial Narrow',
  arialunicodems: 'Arial Unicode MS',
  sourcesanspro: 'Source Sans Pro',
  sourceserifpro: 'Source Serif Pro',
  opensans: 'Open Sans',
};

/** TeX's own fonts (Computer Modern, AMS, …): no Word user has them; the generic kind decides the substitute. */
const TEX_FONT =
  /^(cm[a-z]*\d|sf[a-z]{2,4}\d|lm[a-z]+\d*|msbm|msam|eu[frsx]m|rsfs|wasy|lcircle|line10|stmary)/i;

const STYLE_WORDS =
  /[-_,]?(bold|black|heavy|semibold|demibold|demi|medium|medi|light|regular|regu|roman|book|italic|ital|oblique|it|mt|ps|psmt|condensed|cond)+$/i;

/**
 * Turns a PDF font name (`ABCDEF+TimesNewRomanPS-BoldItalicMT`) into a family Word can show (`Times New Roman`)
 * and the bold/italic it implies. `generic` is MuPDF's guess (`serif`, `sans-serif`, `monospace`) for fonts
 * without a usable name.
 */
export function mapFontName(pdfName: string, generic: 'serif' | 'sans' | 'mono'): FontFace {
  const name = pdfName.replace(/^[A-Z]{6}\+/, '').trim();
  const isBold = /bold|black|heavy|semibold|demi|[-,]medi|[-,](bd|blk)|w[6-9]\b/i.test(name);
  const isItalic = /italic|oblique|[-,]ital|[-,]it\b|[a-z]it$/i.test(name) && !/^cmitt/i.test(name);
  return { family: mapFamily(name, generic), isBold, isItalic };
}

/** What MuPDF calls a font the PDF gives no name (a Type 3 font, by its object number): no family to show. */
const UNNAMED_FONT = /^type3\b|\(\d+ \d+ R\)/i;

/** A condensed cut ("HelveticaNeueLTStd-BdCn", "Univers-CondensedBold"), whose text runs much narrower. */
const CONDENSED = /(cn|cond|condensed|narrow|compressed)\b|[a-z](cn|cond)[a-z]*$|condensed/i;

function mapFamily(name: string, generic: 'serif' | 'sans' | 'mono'): string {
  const family = mapBaseFamily(name, generic);
  // Set in the full-width family, a condensed face's narrow cells and labels wrap and the page runs over.
  return family === 'Arial' && CONDENSED.test(name) ? 'Arial Narrow' : family;
}

function mapBaseFamily(name: string, generic: 'serif' | 'sans' | 'mono'): string {
  if (name === '' || TEX_FONT.test(name) || UNNAMED_FONT.test(name)) return genericFamily(generic);
  for (const [pattern, family] of FAMILY_ALIASES) {
    if (pattern.test(name)) return family;
  }
  const parts = name.split(/[-,]/);
  // A suffix after a hyphen is the style ("-BoldItalic"), unless it is part of the name ("MS-Mincho").
  let base =
    parts.length > 1 && isStyleSuffix(parts.at(-1) ?? '') ? parts.slice(0, -1).join('') : parts.join('');
  for (let previous = ''; previous !== base;) {
    previous = base;
    base = base.replace(STYLE_WORDS, '');
  }
  if (base.length < 2) return genericFamily(generic);
  const family = SPACED_NAMES[base.toLowerCase()] ?? base;
  return isCommonFamily(family) ? family : genericFamily(generic);
}

function isStyleSuffix(suffix: string): boolean {
  return suffix === '' || suffix.replace(STYLE_WORDS, '') === '' || /^(w\d|\d+)$/i.test(suffix);
}

function genericFamily(generic: 'serif' | 'sans' | 'mono'): string {
  if (generic === 'mono') return 'Courier New';
  return generic === 'sans' ? 'Arial' : 'Times New Roman';
}
