import { writePdf, type PdfObject } from './hostile-pdfs.ts';

/**
 * A small Type 1 font written by the tests, and PDFs drawing with it: glyphs that use what a converter to CFF must
 * follow (flex, hint replacement, an accented glyph made with seac, division), as pdfTeX and LibreOffice embed
 * them (clear text, then the eexec-encrypted private part in binary).
 */

const OPERATORS: Record<string, number[]> = {
  hstem: [1],
  vstem: [3],
  vmoveto: [4],
  rlineto: [5],
  hlineto: [6],
  vlineto: [7],
  rrcurveto: [8],
  closepath: [9],
  callsubr: [10],
  return: [11],
  hsbw: [13],
  endchar: [14],
  rmoveto: [21],
  hmoveto: [22],
  vhcurveto: [30],
  hvcurveto: [31],
  dotsection: [12, 0],
  vstem3: [12, 1],
  seac: [12, 6],
  div: [12, 12],
  callothersubr: [12, 16],
  pop: [12, 17],
  setcurrentpoint: [12, 33],
};

/** A charstring from numbers and operator names, as Type 1 writes them (before encryption). */
function charString(...items: (number | string)[]): number[] {
  return items.flatMap((item) => {
    if (typeof item === 'string') {
      const op = OPERATORS[item];
      if (!op) throw new Error(`unknown operator ${item}`);
      return op;
    }
    if (item >= -107 && item <= 107) return [item + 139];
    if (item >= 108 && item <= 1131) return [((item - 108) >> 8) + 247, (item - 108) & 0xff];
    if (item >= -1131 && item <= -108) return [((-item - 108) >> 8) + 251, (-item - 108) & 0xff];
    return [255, (item >>> 24) & 0xff, (item >>> 16) & 0xff, (item >>> 8) & 0xff, item & 0xff];
  });
}

function encrypt(plain: readonly number[], key: number, lead: number): number[] {
  let r = key;
  const out: number[] = [];
  for (const byte of [...new Array<number>(lead).fill(0), ...plain]) {
    const cipher = byte ^ (r >> 8);
    out.push(cipher);
    r = ((cipher + r) * 52845 + 22719) & 0xffff;
  }
  return out;
}

/** The standard flex and hint replacement subroutines (0 to 3), and subroutine 4: the stems of a second hint set. */
const SUBRS = [
  charString(3, 0, 'callothersubr', 'pop', 'pop', 'setcurrentpoint', 'return'),
  charString(0, 1, 'callothersubr', 'return'),
  charString(0, 2, 'callothersubr', 'return'),
  charString('return'),
  charString(300, 60, 'hstem', 40, 80, 'vstem', 'return'),
];

/** Glyph name → program, and the codes of the built-in encoding. */
export const TYPE1_GLYPHS: Record<string, { code: number | null; program: number[] }> = {
  '.notdef': { code: null, program: charString(0, 500, 'hsbw', 'endchar') },
  // A triangle with two stems.
  A: {
    code: 65,
    program: charString(
      20,
      600,
      'hsbw',
      0,
      50,
      'hstem',
      100,
      80,
      'vstem',
      0,
      0,
      'rmoveto',
      560,
      'hlineto',
      -280,
      700,
      'rlineto',
      'closepath',
      'endchar',
    ),
  },
  acute: {
    code: 194,
    program: charString(
      60,
      300,
      'hsbw',
      40,
      600,
      'rmoveto',
      100,
      120,
      'rlineto',
      -60,
      30,
      'rlineto',
      'closepath',
      'endchar',
    ),
  },
  // A with acute, as seac composes it: the accent's side bearing point put at (adx, ady) from A's origin.
  Aacute: { code: 201, program: charString(20, 600, 'hsbw', 60, 170, 150, 65, 194, 'seac') },
  // A box whose top is a flex (two curves drawn flat at small sizes).
  O: {
    code: 79,
    program: charString(
      30,
      660,
      'hsbw',
      0,
      0,
      'rmoveto',
      600,
      'hlineto',
      600,
      'vlineto',
      1,
      'callsubr',
      -300,
      20,
      'rmoveto',
      2,
      'callsubr',
      200,
      0,
      'rmoveto',
      2,
      'callsubr',
      -100,
      20,
      'rmoveto',
      2,
      'callsubr',
      -100,
      0,
      'rmoveto',
      2,
      'callsubr',
      -100,
      0,
      'rmoveto',
      2,
      'callsubr',
      -100,
      -20,
      'rmoveto',
      2,
      'callsubr',
      -100,
      -20,
      'rmoveto',
      2,
      'callsubr',
      50,
      30,
      600,
      0,
      'callsubr',
      'closepath',
      'endchar',
    ),
  },
  // An H whose stems change half way (hint replacement through othersubr 3 and subroutine 4).
  H: {
    code: 72,
    program: charString(
      40,
      640,
      'hsbw',
      0,
      60,
      'hstem',
      0,
      80,
      'vstem',
      0,
      0,
      'rmoveto',
      80,
      'hlineto',
      700,
      'vlineto',
      -80,
      'hlineto',
      'closepath',
      4,
      1,
      3,
      'callothersubr',
      'pop',
      'callsubr',
      0,
      -400,
      'rmoveto',
      400,
      'hlineto',
      60,
      'vlineto',
      -400,
      'hlineto',
      'closepath',
      'endchar',
    ),
  },
  // A dot placed at a fractional position computed with div.
  period: {
    code: 46,
    program: charString(
      30,
      250,
      'hsbw',
      301,
      2,
      'div',
      0,
      'rmoveto',
      80,
      'hlineto',
      81,
      'vlineto',
      -80,
      'hlineto',
      'closepath',
      'endchar',
    ),
  },
};

/** The font program as a FontFile stream holds it: clear text, binary eexec part, the 512 zeros and cleartomark. */
export function buildType1Font(fontName = 'QuireTest') {
  const encoding = Object.entries(TYPE1_GLYPHS)
    .filter(([, glyph]) => glyph.code !== null)
    .map(([name, glyph]) => `dup ${glyph.code} /${name} put\n`)
    .join('');
  const clear = Buffer.from(
    `%!PS-AdobeFont-1.0: ${fontName} 001.000\n11 dict begin\n/FontInfo 4 dict dup begin\n` +
      `/Notice (Written by Quire's tests) readonly def\n/FullName (${fontName}) readonly def\n` +
      `/Weight (Regular) readonly def\n/ItalicAngle 0 def\nend readonly def\n/FontName /${fontName} def\n` +
      `/PaintType 0 def\n/FontMatrix [0.001 0 0 0.001 0 0] readonly def\n` +
      `/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\n${encoding}readonly def\n` +
      `/FontBBox {0 -20 700 900} readonly def\ncurrentdict end\ncurrentfile eexec\n`,
    'latin1',
  );
  const parts: number[] = [];
  const text = (value: string) => parts.push(...Buffer.from(value, 'latin1'));
  const binary = (plain: number[]) => encrypt(plain, 4330, 4);
  text(
    'dup /Private 10 dict dup begin\n/RD{string currentfile exch readstring pop}executeonly def\n' +
      '/ND{noaccess def}executeonly def\n/NP{noaccess put}executeonly def\n' +
      '/BlueValues [-20 0 700 720] def\n/BlueScale 0.039625 def\n/StdHW [60] def\n/StdVW [80] def\n' +
      '/StemSnapH [50 60] def\n/ForceBold false def\n/lenIV 4 def\n' +
      `/MinFeature{16 16}def\n/password 5839 def\n/Subrs ${SUBRS.length} array\n`,
  );
  SUBRS.forEach((subr, index) => {
    const cipher = binary(subr);
    text(`dup ${index} ${cipher.length} RD `);
    parts.push(...cipher);
    text(' NP\n');
  });
  text(`ND\n2 index /CharStrings ${Object.keys(TYPE1_GLYPHS).length} dict dup begin\n`);
  for (const [name, glyph] of Object.entries(TYPE1_GLYPHS)) {
    const cipher = binary(glyph.program);
    text(`/${name} ${cipher.length} RD `);
    parts.push(...cipher);
    text(' ND\n');
  }
  text(
    'end\nend\nreadonly put\nnoaccess put\ndup /FontName get exch definefont pop\nmark currentfile closefile\n',
  );
  const secret = Buffer.from(encrypt(parts, 55665, 4));
  const zeros = Buffer.from(`${'0'.repeat(64)}\n`.repeat(8) + 'cleartomark\n', 'latin1');
  return {
    bytes: Buffer.concat([clear, secret, zeros]),
    length1: clear.length,
    length2: secret.length,
    length3: zeros.length,
  };
}

/** Codes of the test font's glyphs in the order a test page draws them. */
export const TYPE1_SAMPLE_CODES = [65, 201, 79, 72, 46];

/**
 * A one-page PDF drawing every glyph of the test font at 60 pt, with text ("AÁOH.") a reader extracts through a
 * ToUnicode map. With `withField`, the page also has a text field whose default font (/AcroForm /DR) is the same
 * font under another name (`QuireField`, a program of its own), typed in with the letter A.
 */
export function createType1Pdf({ withField = false } = {}): Buffer {
  const widths = Array.from({ length: 202 - 46 }, (_, index) => {
    const code = index + 46;
    return Object.values(TYPE1_GLYPHS).find((glyph) => glyph.code === code) ? 600 : 0;
  }).join(' ');
  const hex = TYPE1_SAMPLE_CODES.map((code) => code.toString(16).padStart(2, '0')).join('');
  const toUnicode =
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Q def 1 begincodespacerange ' +
    '<00> <FF> endcodespacerange 5 beginbfchar <41> <0041> <C9> <00C1> <4F> <004F> <48> <0048> <2E> <002E> ' +
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end';
  const fontDict = (descriptor: number, baseFont: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${baseFont} /FirstChar 46 /LastChar 201 /Widths [${widths}] ` +
    `/FontDescriptor ${descriptor} 0 R /ToUnicode 8 0 R >>`;
  const descriptor = (fontFile: number, fontName: string) =>
    `<< /Type /FontDescriptor /FontName /${fontName} /Flags 4 /FontBBox [0 -20 700 900] /ItalicAngle 0 ` +
    `/Ascent 900 /Descent -20 /CapHeight 700 /StemV 80 /FontFile ${fontFile} 0 R >>`;
  const fontFile = (name: string): PdfObject => {
    const font = buildType1Font(name);
    return {
      dict: `<< /Length1 ${font.length1} /Length2 ${font.length2} /Length3 ${font.length3} >>`,
      stream: font.bytes,
    };
  };
  const content = Buffer.from(`BT /F1 60 Tf 40 600 Td <${hex}> Tj ET`, 'latin1');
  const objects: PdfObject[] = [
    `<< /Type /Catalog /Pages 2 0 R${withField ? ' /AcroForm 11 0 R' : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> ` +
      `/Contents 7 0 R${withField ? ' /Annots [12 0 R]' : ''} >>`,
    fontDict(5, 'QuireTest'),
    descriptor(6, 'QuireTest'),
    fontFile('QuireTest'),
    { dict: '<< >>', stream: content },
    { dict: '<< >>', stream: Buffer.from(toUnicode, 'latin1') },
  ];
  if (withField) {
    objects.push(
      fontDict(10, 'QuireField'),
      descriptor(14, 'QuireField'),
      '<< /Fields [12 0 R] /DR << /Font << /FieldFont 9 0 R >> >> /DA (/FieldFont 12 Tf 0 g) >>',
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (A) /DA (/FieldFont 12 Tf 0 g) ' +
        '/Rect [40 400 240 440] /P 3 0 R /AP << /N 13 0 R >> >>',
      {
        dict: '<< /Type /XObject /Subtype /Form /BBox [0 0 200 40] /Resources << /Font << /FieldFont 9 0 R >> >> >>',
        stream: Buffer.from('/Tx BMC BT /FieldFont 12 Tf 0 g 2 12 Td (A) Tj ET EMC', 'latin1'),
      },
      fontFile('QuireField'),
    );
  }
  return writePdf(objects);
}
