import { escapeXml, NS, REL, type SlideRel } from './slide-xml.ts';

/**
 * The parts of a presentation besides its slides, written once: one blank layout on one master, a plain theme (the
 * Office colours, Calibri), the presentation's list of slides and its one slide size, and the content types.
 */
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PML = 'application/vnd.openxmlformats-officedocument.presentationml';
const EMPTY_TREE =
  '<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>' +
  '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr></p:spTree>';
const NAMESPACES = `xmlns:a="${NS.a}" xmlns:r="${NS.r}" xmlns:p="${NS.p}"`;

export function relsXml(rels: readonly SlideRel[]): string {
  const items = rels.map(
    (rel) =>
      `<Relationship Id="${rel.id}" Type="${rel.type}" Target="${escapeXml(rel.target)}"` +
      `${rel.isExternal ? ' TargetMode="External"' : ''}/>`,
  );
  return (
    `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `${items.join('')}</Relationships>`
  );
}

export function contentTypesXml(slideCount: number): string {
  const slides = Array.from(
    { length: slideCount },
    (_, index) => `<Override PartName="/ppt/slides/slide${index + 1}.xml" ContentType="${PML}.slide+xml"/>`,
  );
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Default Extension="png" ContentType="image/png"/>' +
    '<Default Extension="jpeg" ContentType="image/jpeg"/>' +
    `<Override PartName="/ppt/presentation.xml" ContentType="${PML}.presentation.main+xml"/>` +
    `<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="${PML}.slideMaster+xml"/>` +
    `<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="${PML}.slideLayout+xml"/>` +
    '<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>' +
    `<Override PartName="/ppt/presProps.xml" ContentType="${PML}.presProps+xml"/>` +
    `<Override PartName="/ppt/viewProps.xml" ContentType="${PML}.viewProps+xml"/>` +
    `<Override PartName="/ppt/tableStyles.xml" ContentType="${PML}.tableStyles+xml"/>` +
    `${slides.join('')}</Types>`
  );
}

/** The presentation part: its master, its slides in order, and the size of every slide (EMU). */
export function presentationXml(slideCount: number, size: { cx: number; cy: number }): string {
  const slides = Array.from(
    { length: slideCount },
    (_, index) => `<p:sldId id="${256 + index}" r:id="rId${index + 3}"/>`,
  );
  return (
    `${XML_HEAD}<p:presentation ${NAMESPACES} saveSubsetFonts="1">` +
    '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>' +
    `${slideCount > 0 ? `<p:sldIdLst>${slides.join('')}</p:sldIdLst>` : ''}` +
    `<p:sldSz cx="${size.cx}" cy="${size.cy}"/><p:notesSz cx="6858000" cy="9144000"/>` +
    '</p:presentation>'
  );
}

export function presentationRels(slideCount: number): SlideRel[] {
  return [
    { id: 'rId1', type: `${REL}/slideMaster`, target: 'slideMasters/slideMaster1.xml' },
    { id: 'rId2', type: `${REL}/theme`, target: 'theme/theme1.xml' },
    ...Array.from({ length: slideCount }, (_, index) => ({
      id: `rId${index + 3}`,
      type: `${REL}/slide`,
      target: `slides/slide${index + 1}.xml`,
    })),
    { id: `rId${slideCount + 3}`, type: `${REL}/presProps`, target: 'presProps.xml' },
    { id: `rId${slideCount + 4}`, type: `${REL}/viewProps`, target: 'viewProps.xml' },
    { id: `rId${slideCount + 5}`, type: `${REL}/tableStyles`, target: 'tableStyles.xml' },
  ];
}

const LEVEL_STYLE =
  '<a:lvl1pPr><a:defRPr sz="1800"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/></a:defRPr></a:lvl1pPr>';

/** The fixed parts, by name. */
export function fixedParts(): Record<string, string> {
  return {
    '_rels/.rels': relsXml([{ id: 'rId1', type: `${REL}/officeDocument`, target: 'ppt/presentation.xml' }]),
    'ppt/slideMasters/slideMaster1.xml':
      `${XML_HEAD}<p:sldMaster ${NAMESPACES}><p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>` +
      `${EMPTY_TREE}</p:cSld>` +
      '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" ' +
      'accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>' +
      '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>' +
      `<p:txStyles><p:titleStyle>${LEVEL_STYLE}</p:titleStyle><p:bodyStyle>${LEVEL_STYLE}</p:bodyStyle>` +
      `<p:otherStyle>${LEVEL_STYLE}</p:otherStyle></p:txStyles></p:sldMaster>`,
    'ppt/slideMasters/_rels/slideMaster1.xml.rels': relsXml([
      { id: 'rId1', type: `${REL}/slideLayout`, target: '../slideLayouts/slideLayout1.xml' },
      { id: 'rId2', type: `${REL}/theme`, target: '../theme/theme1.xml' },
    ]),
    'ppt/slideLayouts/slideLayout1.xml':
      `${XML_HEAD}<p:sldLayout ${NAMESPACES} type="blank" preserve="1"><p:cSld name="Blank">${EMPTY_TREE}</p:cSld>` +
      '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>',
    'ppt/slideLayouts/_rels/slideLayout1.xml.rels': relsXml([
      { id: 'rId1', type: `${REL}/slideMaster`, target: '../slideMasters/slideMaster1.xml' },
    ]),
    'ppt/theme/theme1.xml': themeXml(),
    'ppt/presProps.xml': `${XML_HEAD}<p:presentationPr ${NAMESPACES}/>`,
    'ppt/viewProps.xml': `${XML_HEAD}<p:viewPr ${NAMESPACES}/>`,
    'ppt/tableStyles.xml': `${XML_HEAD}<a:tblStyleLst xmlns:a="${NS.a}" def="{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"/>`,
  };
}

function themeXml(): string {
  const colors = [
    ['dk1', '<a:sysClr val="windowText" lastClr="000000"/>'],
    ['lt1', '<a:sysClr val="window" lastClr="FFFFFF"/>'],
    ['dk2', '<a:srgbClr val="44546A"/>'],
    ['lt2', '<a:srgbClr val="E7E6E6"/>'],
    ['accent1', '<a:srgbClr val="4472C4"/>'],
    ['accent2', '<a:srgbClr val="ED7D31"/>'],
    ['accent3', '<a:srgbClr val="A5A5A5"/>'],
    ['accent4', '<a:srgbClr val="FFC000"/>'],
    ['accent5', '<a:srgbClr val="5B9BD5"/>'],
    ['accent6', '<a:srgbClr val="70AD47"/>'],
    ['hlink', '<a:srgbClr val="0563C1"/>'],
    ['folHlink', '<a:srgbClr val="954F72"/>'],
  ]
    .map(([name, color]) => `<a:${name}>${color}</a:${name}>`)
    .join('');
  const fonts = (latin: string) => `<a:latin typeface="${latin}"/><a:ea typeface=""/><a:cs typeface=""/>`;
  const fill = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>';
  const line = (width: number) =>
    `<a:ln w="${width}" cap="flat" cmpd="sng" algn="ctr">${fill}<a:prstDash val="solid"/><a:miter lim="800000"/></a:ln>`;
  const effect = '<a:effectStyle><a:effectLst/></a:effectStyle>';
  return (
    `${XML_HEAD}<a:theme xmlns:a="${NS.a}" name="Office Theme"><a:themeElements>` +
    `<a:clrScheme name="Office">${colors}</a:clrScheme>` +
    `<a:fontScheme name="Office"><a:majorFont>${fonts('Calibri Light')}</a:majorFont>` +
    `<a:minorFont>${fonts('Calibri')}</a:minorFont></a:fontScheme>` +
    `<a:fmtScheme name="Office"><a:fillStyleLst>${fill}${fill}${fill}</a:fillStyleLst>` +
    `<a:lnStyleLst>${line(6350)}${line(12700)}${line(19050)}</a:lnStyleLst>` +
    `<a:effectStyleLst>${effect}${effect}${effect}</a:effectStyleLst>` +
    `<a:bgFillStyleLst>${fill}${fill}${fill}</a:bgFillStyleLst></a:fmtScheme>` +
    '</a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>'
  );
}
