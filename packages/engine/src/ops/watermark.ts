import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, TOOLS, type ToolOptions } from '@quire/shared';
import type * as Mupdf from 'mupdf';
import { embedJpeg } from '../images/embed-jpeg.ts';
import { embedPng } from '../images/embed-png.ts';
import type { EmbeddedImage } from '../images/embedded-image.ts';
import { readImageHeader, type ImageHeader } from '../images/read-image-header.ts';
import { editPdf } from '../mupdf/edit-pdf.ts';
import type { MupdfModule } from '../mupdf/load-mupdf.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import type { StampAnchor, StampPlacement } from '../stamp/draw-stamps.ts';
import { guessCjkLanguage } from '../stamp/stamp-fonts.ts';
import { stampImage } from '../stamp/stamp-image.ts';
import { repairBeforeEditing, stampTexts } from '../stamp/stamp-text.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { chosenPages } from './chosen-pages.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, InputFile } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): the fonts loaded and the text laid out once (or the picture
 * embedded once), then each page's resources and contents touched and the file rewritten by MuPDF (measured with
 * `npm run bench watermark` on a loaded 2-core machine: 352 pages in 0.32 s, tiled too, 14 in 0.08 s; a little over).
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 100, perPageMs: 1, perInputMiBMs: 40 };
/** Loading a face of Noto Sans CJK (16 MB) and cutting it down, as Add page numbers measured it (0.5-0.8 s here). */
const CJK_FONT_MS = 1600;
/** From the page's edges, for the eight positions at an edge or a corner: half an inch. */
const EDGE_MARGIN_PT = 36;

/**
 * Writes a text, or draws a picture, on pages of a PDF: in the middle, at an edge or a corner, or repeated over the
 * page (`tiled`), turned by `rotation` degrees, at `opacity` per cent, over the page's content or under it (the page's
 * own content, a white background or a scan included, then paints over it). Text in any script, in `color` at
 * `fontSize` points, through the stamping module (shaped, in the fonts of its script, embedded as subsets, readable
 * in the order typed); a JPG or PNG picture fitted to the page. `pages` chooses the pages; the rest of the document
 * is kept as it was.
 */
export const watermark: EngineOp<'watermark'> = async ({ file, image, options }, ctx) => {
  const text = options.text;
  if ((text === undefined) === (image === undefined)) throw textOrImageError(text !== undefined);
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.watermark.maxPages);
  const header = image ? await readImageHeader(image.path, { name: image.name, index: 1 }) : null;
  const hasCjk = text !== undefined && guessCjkLanguage(text) !== undefined;
  await declarePdfWork(
    hasCjk ? { ...WORK_RATES, baseMs: WORK_RATES.baseMs + CJK_FONT_MS } : WORK_RATES,
    [info],
    ctx,
  );
  const pages = chosenPages(options.pages, info.pageCount);

  ctx.onProgress?.('processing');
  const bytes = await editPdf(
    file,
    info,
    ctx,
    { failure: 'could not be watermarked' },
    async (mupdf, pdf) => {
      const placement = placementOf(options);
      const indexes = pages.map((page) => page - 1);
      if (image && header) {
        repairBeforeEditing(pdf);
        const embedded = await embedPicture(mupdf, pdf, image, header);
        stampImage(mupdf, pdf, embedded, header.orientation, indexes, placement);
      } else {
        const texts = new Map(indexes.map((index) => [index, text ?? '']));
        stampTexts(
          mupdf,
          pdf,
          texts,
          { ...placement, fontSizePt: options.fontSize, color: rgbOf(options.color) },
          ctx.signal,
        );
      }
    },
  );
  const outputPath = join(ctx.workDir, 'watermarked.pdf');
  await writeFile(outputPath, bytes);
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, watermarkedPages: pages.length },
      // Written decrypted: a protected file's result has no password.
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

/** Both a text and a picture (`both`), or neither: the request must choose one. */
function textOrImageError(hasBoth: boolean): AppError {
  return new AppError(
    'TEXT_OR_IMAGE_REQUIRED',
    hasBoth
      ? 'Send either a "text" or an "image" file for the watermark, not both.'
      : 'Send the watermark\'s "text", or a JPG or PNG picture as the "image" file.',
    { reason: hasBoth ? 'both' : 'neither' },
  );
}

async function embedPicture(
  mupdf: MupdfModule,
  pdf: Mupdf.PDFDocument,
  image: InputFile,
  header: ImageHeader,
): Promise<EmbeddedImage> {
  const bytes = await readFile(image.path);
  const source = { name: image.name, index: 1 };
  return header.format === 'jpeg' ? embedJpeg(mupdf, pdf, bytes, source) : await embedPng(pdf, bytes, source);
}

/** The options' place, turn, opacity and layer as the stamping module takes them. */
function placementOf(options: ToolOptions<'watermark'>): StampPlacement {
  return {
    anchor: anchorOf(options.position),
    marginPt: EDGE_MARGIN_PT,
    rotationDeg: options.rotation,
    opacity: options.opacity / 100,
    layer: options.layer,
  };
}

/** `center`, `top-left`, `center-right` …: the vertical edge (or the middle) first, then the horizontal one. */
function anchorOf(position: ToolOptions<'watermark'>['position']): StampAnchor | 'tiled' {
  if (position === 'tiled') return 'tiled';
  const [vertical = 'center', horizontal = 'center'] = position.split('-');
  return {
    vertical: vertical === 'center' ? 'middle' : (vertical as StampAnchor['vertical']),
    horizontal: horizontal as StampAnchor['horizontal'],
  };
}

/** `#rrggbb` as red, green and blue, each 0–255. */
function rgbOf(color: string): [number, number, number] {
  return [1, 3, 5].map((start) => Number.parseInt(color.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}
