import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AppError,
  TOOLS,
  findMissingImage,
  pageBoxRect,
  placementsError,
  type Notice,
  type Placement,
} from '@quire/shared';
import type * as Mupdf from 'mupdf';
import { embedJpeg } from '../images/embed-jpeg.ts';
import { embedPng } from '../images/embed-png.ts';
import { readImageHeader } from '../images/read-image-header.ts';
import { editPdf } from '../mupdf/edit-pdf.ts';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { addSignatureField, hasSignatures } from '../sign/add-signature-field.ts';
import { buildCadesSignature, cadesSignatureBytes } from '../sign/build-cades-signature.ts';
import { fillSignature } from '../sign/fill-signature.ts';
import { readPkcs12 } from '../sign/read-pkcs12.ts';
import { buildSignatureAppearance } from '../sign/signature-appearance.ts';
import { drawStamps, type Stamp } from '../stamp/draw-stamps.ts';
import { imageStamp } from '../stamp/stamp-image.ts';
import { layOutTextStamps, repairBeforeEditing } from '../stamp/stamp-text.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, InputFile } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): the pictures embedded and the name and date laid out once, the
 * pages that get a signature touched, the file written again (or appended to) by MuPDF. From `npm run bench sign` on
 * a busy 2-core machine: 0.5 s for 6 pages, 0.9 s with a certificate; 0.8-1.0 s for 352 pages; a little over.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 700, perPageMs: 1, perInputMiBMs: 40 };
/** The size of the name and date as laid out, in points, before they are fitted to their box. */
const TEXT_SIZE_PT = 24;
/** The name and date's colour: the dark blue of a ballpoint pen. */
const TEXT_COLOR = [20, 40, 110] as const;

/**
 * Signs a PDF: draws each placement's picture (`image-N`, a PNG with its transparency or a JPG) in its box, fitted
 * and centred, with the name and the date written under it when sent, upright as each page is seen (rotated pages,
 * boxes away from 0,0). With a `certificate` (PKCS#12) it also adds a PAdES baseline signature
 * (ETSI.CAdES.detached) whose visible appearance, a signature field's widget, is the first placement. A file that
 * carries signatures already is appended to (an incremental update), so that they stay valid, unless it must be
 * written again (protected, or repaired).
 */
export const sign: EngineOp<'sign'> = async ({ file, pictures, certificate, options }, ctx) => {
  const { placements } = options;
  const missing = findMissingImage(placements, pictures.length);
  if (missing) throw placementsError('placements', missing);
  // The certificate is opened first: a wrong password is answered before any work on the document.
  const key = certificate ? await readPkcs12(certificate, options.certificatePassword) : null;
  const contentsBytes = key ? cadesSignatureBytes(key) : 0;
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.sign.maxPages);
  const outside = placements.findIndex((placement) => placement.page > info.pageCount);
  if (outside >= 0) {
    throw new AppError(
      'INVALID_OPTIONS',
      `placements item ${outside + 1} is on page ${placements[outside]?.page}, past the end of the document (${info.pageCount} pages).`,
      { option: 'placements', item: outside + 1, pageCount: info.pageCount },
    );
  }
  await declarePdfWork(WORK_RATES, [info], ctx);

  ctx.onProgress?.('processing');
  // An earlier signature stays valid only in the file it signed, appended to: never in a rewritten one.
  let isAppended = false;
  // A certificate signature's dictionary must stay out of object streams, where its placeholder could not be found
  // and filled: MuPDF writes none unless asked.
  const save = () => (isAppended ? 'appended' : 'whole');
  let bytes = await editPdf(file, info, ctx, { failure: 'could not be signed', save }, async (mupdf, pdf) => {
    isAppended = hasSignatures(pdf) && !info.wasProtected && info.path === file.path && !pdf.wasRepaired();
    if (!isAppended) repairBeforeEditing(pdf);
    const appearances = await buildAppearances(mupdf, pdf, { pictures, placements, options }, ctx.signal);
    const [first, ...rest] = placements.map((placement, index) => ({
      placement,
      appearance: appearances[index]!,
    }));
    for (const { placement, appearance } of key ? rest : [first!, ...rest]) {
      drawSignature(mupdf, pdf, placement, appearance);
    }
    if (key && first) {
      addSignatureField(mupdf, pdf, {
        pageIndex: first.placement.page - 1,
        box: first.placement,
        appearance: first.appearance,
        contentsBytes,
        signerName: key.signerName,
        reason: options.reason,
        location: options.location,
        signingTime: new Date(),
      });
    }
  });
  if (key) bytes = fillSignature(bytes, contentsBytes, (digest) => buildCadesSignature(key, digest));

  const outputPath = join(ctx.workDir, 'signed.pdf');
  await writeFile(outputPath, bytes);
  const notices: Notice[] = [...repairNotices(info.wasRepaired), ...passwordNotices([info])];
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, placements: placements.length, certified: key ? 'true' : 'false' },
      // Written decrypted: a protected file's result has no password.
      notices,
    },
  };
};

type AppearanceInput = {
  pictures: readonly InputFile[];
  placements: readonly Placement[];
  options: { name?: string | undefined; date?: string | undefined };
};

/**
 * Each placement's appearance (`buildSignatureAppearance`), as large as its box on its page: every picture used is
 * embedded once, the name and date laid out once.
 */
async function buildAppearances(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  { pictures, placements, options }: AppearanceInput,
  signal: AbortSignal,
): Promise<Stamp[]> {
  const pictureStamps = new Map<number, Stamp>();
  for (const index of new Set(placements.map((placement) => placement.image))) {
    pictureStamps.set(index, await embedPicture(mupdf, pdf, pictures[index]!, index));
  }
  const texts = [options.name, options.date].filter((text): text is string => text !== undefined);
  const lines =
    texts.length === 0
      ? []
      : layOutTextStamps(
          mupdf,
          pdf,
          texts,
          {
            anchor: 'tiled',
            marginPt: 0,
            rotationDeg: 0,
            opacity: 1,
            layer: 'over',
            fontSizePt: TEXT_SIZE_PT,
            color: TEXT_COLOR,
          },
          signal,
        );
  return placements.map((placement) => {
    const page = pdf.loadPage(placement.page - 1);
    try {
      const [x0, y0, x1, y1] = pageBoxRect(placement, page.getBounds());
      return buildSignatureAppearance(pdf, pictureStamps.get(placement.image)!, lines, {
        width: x1 - x0,
        height: y1 - y0,
      });
    } finally {
      page.destroy();
    }
  });
}

async function embedPicture(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  picture: InputFile,
  index: number,
): Promise<Stamp> {
  const source = { name: picture.name, index: index + 1 };
  const header = await readImageHeader(picture.path, source);
  const bytes = await readFile(picture.path);
  const embedded =
    header.format === 'jpeg' ? embedJpeg(mupdf, pdf, bytes, source) : await embedPng(pdf, bytes, source);
  return imageStamp(pdf, embedded, header.orientation);
}

/** Draws one signature over its page's content, its appearance's centre on its box's. */
function drawSignature(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  placement: Placement,
  appearance: Stamp,
): void {
  const page = pdf.loadPage(placement.page - 1);
  let centre: [number, number];
  try {
    const [x0, y0, x1, y1] = pageBoxRect(placement, page.getBounds());
    centre = [(x0 + x1) / 2, (y0 + y1) / 2];
  } finally {
    page.destroy();
  }
  drawStamps(mupdf, pdf, new Map([[placement.page - 1, appearance]]), {
    anchor: { centre },
    marginPt: 0,
    rotationDeg: 0,
    opacity: 1,
    layer: 'over',
  });
}
