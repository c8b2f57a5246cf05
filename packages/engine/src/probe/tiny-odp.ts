import { strToU8, zipSync } from 'fflate';

const ODP_TYPE = 'application/vnd.oasis.opendocument.presentation';

/**
 * An OpenDocument presentation of one slide per text, each text in a frame: the cheapest presentation Impress
 * reads, written with no office library (the status probe's document for PowerPoint to PDF). The package is
 * as ODF asks: `mimetype` first and stored, then the content and the manifest listing it.
 */
export function createTinyOdp(slideTexts: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const slides = slideTexts
    .map(
      (text, index) =>
        `<draw:page draw:name="slide${index + 1}"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="24cm" ` +
        `svg:height="4cm"><draw:text-box><text:p>${escape(text)}</text:p></draw:text-box></draw:frame></draw:page>`,
    )
    .join('');
  const content =
    '<?xml version="1.0" encoding="UTF-8"?><office:document-content ' +
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2">' +
    `<office:body><office:presentation>${slides}</office:presentation></office:body></office:document-content>`;
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest ' +
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">' +
    `<manifest:file-entry manifest:full-path="/" manifest:media-type="${ODP_TYPE}"/>` +
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  return Buffer.from(
    zipSync({
      mimetype: [strToU8(ODP_TYPE), { level: 0 }],
      'content.xml': strToU8(content),
      'META-INF/manifest.xml': strToU8(manifest),
    }),
  );
}
