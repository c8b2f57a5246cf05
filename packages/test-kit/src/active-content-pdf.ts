import { withTable } from './table-content.ts';
import { writePdf } from './hostile-pdfs.ts';

// Hardening item 33's document: a page carrying every kind of active content a viewer could run or follow.

const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/**
 * Item 33: a page carrying every kind of active content a viewer could run or follow (with `table`, a small table
 * under its line), then plain pages.
 */
export function createActiveContentPdf(canaryUrl: string, pageCount = 1, { table = false } = {}): Buffer {
  const js = (code: string) => `<< /S /JavaScript /JS (${code}) >>`;
  const plain = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>';
  const kids = Array.from({ length: pageCount }, (_, index) => `${index === 0 ? 3 : 10 + index} 0 R`);
  return writePdf([
    `<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R /AA << /WC ${js('app.alert(2)')} >> /Names << /JavaScript << /Names [(init) 6 0 R] >> >> /AcroForm << /Fields [] /XFA 7 0 R >> >>`,
    `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pageCount} >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 8 0 R >> >> /AA << /O << /S /Launch /F (/bin/sh) >> >> /Annots [9 0 R 10 0 R] >>`,
    { dict: '<< >>', stream: withTable('BT /F1 18 Tf 72 720 Td (Active content probe) Tj ET', table) },
    js(`app.launchURL\\("${canaryUrl}/open-action"\\)`),
    js(`this.submitForm\\("${canaryUrl}/names"\\)`),
    {
      dict: '<< >>',
      stream: Buffer.from(
        `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><script>xfa.host.gotoURL("${canaryUrl}/xfa")</script></template></xdp:xdp>`,
      ),
    },
    HELVETICA,
    `<< /Type /Annot /Subtype /Link /Rect [72 700 300 740] /A << /S /URI /URI (${canaryUrl}/uri) >> >>`,
    `<< /Type /Annot /Subtype /Widget /FT /Btn /Rect [72 600 200 640] /T (submit) /A << /S /SubmitForm /F << /FS /URL /F (${canaryUrl}/submit) >> >> >>`,
    ...kids.slice(1).map(() => plain),
  ]);
}
