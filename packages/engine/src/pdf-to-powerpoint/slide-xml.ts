import type { Box, LinkTarget, PageImage, Span } from '../pdf-to-word/model/layout-model.ts';
import { hasRightToLeft, isCjk, isMostlyRightToLeft } from '../pdf-to-word/model/script-direction.ts';
import type { Line } from '../pdf-to-word/model/layout-model.ts';
import { writtenWidth } from '../pdf-to-word/paragraphs/fit-text-width.ts';
import type { SlidePage, SlidePicture } from './slide-model.ts';
import { SLIDE_SETTINGS } from './slide-settings.ts';

/** English Metric Units a point: the unit of every length in PresentationML. */
export const EMU_PER_POINT = 12_700;
/** Font sizes are hundredths of a point, from 1 to 4000 points. */
const MIN_FONT_SIZE = 100;
const MAX_FONT_SIZE = 400_000;

export const NS = {
  a: 'http://schemas.openxmlformats.org/drawingml/2006/main',
  r: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  p: 'http://schemas.openxmlformats.org/presentationml/2006/main',
} as const;
export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Where a page lands on its slide: scaled by `scale`, then moved by `x`, `y` (EMU). */
export type Placement = { scale: number; x: number; y: number };

/** A relationship of a slide's part: to its layout, a picture, a web address or another slide. */
export type SlideRel = { id: string; type: string; target: string; isExternal?: boolean };

export type SlideXml = {
  xml: string;
  rels: SlideRel[];
  /** Pictures, by the name of their part (`ppt/media/…`). */
  media: { name: string; data: Uint8Array }[];
};

/**
 * Writes one slide: the page's pictures at their places and sizes (its drawing first, at the back), its rules and
 * fills as rectangles, and each line of text as a text box of its own where the line stands, in the line's fonts,
 * sizes, weights, slants and colours, its links kept. `slideOf` gives the slide of a page linked to (none when that
 * page is not converted); `mediaName` names each picture's part.
 */
export function writeSlideXml(
  page: SlidePage,
  placement: Placement,
  slideOf: (pageNumber: number) => number | undefined,
  mediaName: (type: PageImage['type']) => string,
): SlideXml {
  const rels: SlideRel[] = [
    {
      id: 'rId1',
      type: `${REL}/slideLayout`,
      target: '../slideLayouts/slideLayout1.xml',
    },
  ];
  const media: SlideXml['media'] = [];
  const addRel = (rel: Omit<SlideRel, 'id'>): string => {
    const same = rels.find((known) => known.target === rel.target && known.type === rel.type);
    if (same) return same.id;
    const id = `rId${rels.length + 1}`;
    rels.push({ id, ...rel });
    return id;
  };
  const frame = frameWriter(placement);
  let shapeId = 1;
  const shapes: string[] = [];
  for (const picture of page.pictures) {
    const name = mediaName(picture.type);
    media.push({ name, data: picture.data });
    const relId = addRel({ type: `${REL}/image`, target: `../media/${name.split('/').pop() ?? name}` });
    shapeId += 1;
    shapes.push(pictureXml(shapeId, relId, picture, frame));
  }
  for (const shape of [...page.fills, ...page.rules]) {
    shapeId += 1;
    shapes.push(rectangleXml(shapeId, shape.box, shape.color, frame));
  }
  const linkId = (target: LinkTarget | undefined): string | undefined => {
    if (!target) return undefined;
    if (target.kind === 'uri') {
      return addRel({ type: `${REL}/hyperlink`, target: target.uri, isExternal: true });
    }
    const slide = slideOf(target.page);
    return slide === undefined ? undefined : addRel({ type: `${REL}/slide`, target: `slide${slide}.xml` });
  };
  for (const line of page.lines) {
    if (line.text.trim() === '') continue;
    shapeId += 1;
    shapes.push(
      textBoxXml(shapeId, line, {
        frame,
        isVerticalText: page.isVerticalText ?? false,
        scale: placement.scale,
        invisible: page.invisible,
        linkId,
      }),
    );
  }
  const xml =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<p:sld xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}"><p:cSld><p:spTree>` +
    `<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>` +
    `<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>` +
    `${shapes.join('')}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
  return { xml, rels, media };
}

/** `<a:xfrm>` of a box on the page, placed on the slide. */
function frameWriter(placement: Placement): (box: Box, rotation?: number) => string {
  const emu = (points: number) => Math.round(points * EMU_PER_POINT * placement.scale);
  return (box, rotation = 0) => {
    const x = placement.x + emu(box.x0);
    const y = placement.y + emu(box.y0);
    const cx = Math.max(1, emu(box.x1 - box.x0));
    const cy = Math.max(1, emu(box.y1 - box.y0));
    const rot = rotation === 0 ? '' : ` rot="${rotation * 60_000}"`;
    return `<a:xfrm${rot}><a:off x="${x}" y="${y}"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm>`;
  };
}

function pictureXml(
  id: number,
  relId: string,
  picture: SlidePicture,
  frame: (box: Box, rotation?: number) => string,
): string {
  const description = picture.description ? ` descr="${escapeXml(picture.description)}"` : '';
  return (
    `<p:pic><p:nvPicPr><p:cNvPr id="${id}" name="Picture ${id}"${description}/>` +
    `<p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr/></p:nvPicPr>` +
    `<p:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>` +
    `<p:spPr>${picture.isTurned ? frame(quarterFrame(picture.box), 90) : frame(picture.box)}` +
    '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>'
  );
}

/** The frame that, turned a quarter about its centre, covers `box`: its width and height swapped. */
function quarterFrame(box: Box): Box {
  const x = (box.x0 + box.x1) / 2;
  const y = (box.y0 + box.y1) / 2;
  const halfWidth = (box.y1 - box.y0) / 2;
  const halfHeight = (box.x1 - box.x0) / 2;
  return { x0: x - halfWidth, y0: y - halfHeight, x1: x + halfWidth, y1: y + halfHeight };
}

function rectangleXml(id: number, box: Box, color: string, frame: (box: Box) => string): string {
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Shape ${id}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr>${frame(box)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>` +
    `<a:solidFill><a:srgbClr val="${hexColor(color)}"/></a:solidFill><a:ln><a:noFill/></a:ln></p:spPr></p:sp>`
  );
}

type TextContext = {
  frame: (box: Box, rotation?: number) => string;
  isVerticalText: boolean;
  scale: number;
  invisible: ReadonlySet<Span>;
  linkId: (target: LinkTarget | undefined) => string | undefined;
};

/**
 * A line as a text box without margins or wrapping, its top at the line's top: left-to-right text grows from its
 * left edge, right-to-left text from its right edge, so a font a little wider or narrower than the PDF's moves
 * only the line's end. A line running up or down the page, and every line of a page of vertical text, is written
 * vertical in its box.
 */
function textBoxXml(id: number, line: Line, context: TextContext): string {
  const isRightToLeft = !line.isVertical && !context.isVerticalText && isMostlyRightToLeft(line.text);
  const vertical = context.isVerticalText
    ? ' vert="eaVert"'
    : !line.isVertical
      ? ''
      : line.flow === 'up'
        ? ' vert="vert270"'
        : isCjk(line.text.trim()[0])
          ? ' vert="eaVert"'
          : ' vert="vert"';
  const paragraph = isRightToLeft ? '<a:pPr algn="r" rtl="1"/>' : '<a:pPr algn="l"/>';
  const spacing = line.isVertical || context.isVerticalText ? 0 : lineSpacing(line);
  const runs = line.spans.map((span) => runXml(span, spacing, context)).join('');
  return (
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr>${context.frame(line.box)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>` +
    `<p:txBody><a:bodyPr wrap="none" lIns="0" tIns="0" rIns="0" bIns="0"${vertical} rtlCol="0" anchor="t">` +
    `<a:noAutofit/></a:bodyPr><a:lstStyle/><a:p>${paragraph}${runs}</a:p></p:txBody></p:sp>`
  );
}

/**
 * Points to add after each character of `line` (negative: to take) so that, written in its families, it is as wide
 * as the PDF drew it; 0 when a family's widths are not known, the line is short, or the difference is too large to
 * be a matter of fonts (`SLIDE_SETTINGS.maxSpacingEm`).
 */
function lineSpacing(line: Line): number {
  const characters = [...line.text];
  // Arabic, Hebrew and CJK have no widths in the base fonts measured.
  if (characters.length < SLIDE_SETTINGS.minSpacedCharacters) return 0;
  if (hasRightToLeft(line.text) || characters.some((char) => isCjk(char))) return 0;
  const written = writtenWidth(line.spans);
  if (written === undefined) return 0;
  const spacing = (line.box.x1 - line.box.x0 - written) / characters.length;
  const size = Math.max(...line.spans.map((span) => span.style.size));
  return Math.abs(spacing) <= SLIDE_SETTINGS.maxSpacingEm * size ? spacing : 0;
}

function runXml(span: Span, spacing: number, { scale, invisible, linkId }: TextContext): string {
  const { style } = span;
  const size = Math.min(MAX_FONT_SIZE, Math.max(MIN_FONT_SIZE, Math.round(style.size * scale * 100)));
  const flags = [
    `sz="${size}"`,
    ...(style.isBold ? ['b="1"'] : []),
    ...(style.isItalic ? ['i="1"'] : []),
    ...(style.isUnderline ? ['u="sng"'] : []),
    ...(spacing ? [`spc="${Math.round(spacing * scale * 100)}"`] : []),
    ...(span.rise ? [`baseline="${Math.round((span.rise / style.size) * 100_000)}"`] : []),
  ];
  const color = hexColor(style.color);
  const fill = invisible.has(span)
    ? `<a:srgbClr val="${color}"><a:alpha val="0"/></a:srgbClr>`
    : `<a:srgbClr val="${color}"/>`;
  const font = escapeXml(style.font);
  const relId = linkId(span.link);
  const link = !relId
    ? ''
    : span.link?.kind === 'place'
      ? `<a:hlinkClick r:id="${relId}" action="ppaction://hlinksldjump"/>`
      : `<a:hlinkClick r:id="${relId}"/>`;
  return (
    `<a:r><a:rPr lang="en-US" ${flags.join(' ')} dirty="0">` +
    `<a:solidFill>${fill}</a:solidFill>` +
    `<a:latin typeface="${font}"/><a:ea typeface="${font}"/><a:cs typeface="${font}"/>${link}</a:rPr>` +
    `<a:t>${escapeXml(span.text)}</a:t></a:r>`
  );
}

function hexColor(color: string): string {
  return /^[0-9a-f]{6}$/i.test(color) ? color.toUpperCase() : '000000';
}

/** Text for XML: markup escaped, characters XML cannot hold left out. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/gu, '')
      // With the `u` flag a pair is one character: only a surrogate standing alone matches.
      .replace(/[\uD800-\uDFFF]/gu, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}
