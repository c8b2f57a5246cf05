import { copyFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, TOOLS } from '@quire/shared';
import { deduplicateStreams } from '../compress/deduplicate-streams.ts';
import { convertType1Fonts } from '../compress/fonts/convert-type1-fonts.ts';
import { dropUnusedFontTables } from '../compress/fonts/drop-font-tables.ts';
import { subsetCffFonts } from '../compress/fonts/subset-cff-fonts.ts';
import { subsetFonts } from '../compress/fonts/subset-fonts.ts';
import { openForCompression } from '../compress/open-for-compression.ts';
import { IMAGE_POLICIES } from '../compress/quality-levels.ts';
import { recompressImages } from '../compress/recompress-images.ts';
import { stripPrivateData } from '../compress/strip-private-data.ts';
import { loadMupdf } from '../mupdf/load-mupdf.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import type { EngineOp } from './types.ts';

/**
 * MuPDF save options: drop unused objects, deflate every stream (fonts and lossless images included) and pack
 * objects into object streams. The result is written decrypted.
 */
const SAVE_OPTIONS = 'compress,compress-fonts,compress-images,objstms,decrypt';
/**
 * Up to this many objects, MuPDF also merges every duplicate object (`garbage=4`); it compares each object with
 * every other, 33 s for a tagged file of 21,000 objects, so larger files get only the merging of identical streams
 * (`deduplicateStreams`, where the bytes are) and an unused-object sweep (`garbage=2`).
 */
const MAX_OBJECTS_FOR_FULL_MERGE = 4000;

/**
 * What a job of this tool costs (`estimateWork`, from `npm run bench work-estimates`): MuPDF parses every page's
 * content to subset fonts and find images.
 */
const WORK_RATES: WorkRates = {
  ...NO_WORK,
  baseMs: 60,
  perPageMs: 12,
  perContentMiBMs: 120,
  perInputMiBMs: 40,
};

/**
 * Compresses a PDF and keeps it the same document. MuPDF decodes oversampled images, sharp resamples them
 * (Lanczos) and re-encodes photographs with mozjpeg while line art stays lossless; private application data and
 * thumbnails go, fonts are subset, duplicates merged and the file rewritten compactly. Pages, text, links,
 * bookmarks, attachments and form fields are kept (Ghostscript, the usual alternative, flattens forms). When
 * nothing smaller comes out, the original bytes are returned and the report says so (`ALREADY_OPTIMAL`).
 */
export const compress: EngineOp<'compress'> = async ({ file: upload, options }, ctx) => {
  const { quality = 'medium' } = options;
  ctx.onProgress?.('reading');
  const info = await inspectPdf(upload, 0, ctx, TOOLS.compress.maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const file = { ...upload, path: info.path, password: info.password };

  const mupdf = await loadMupdf();
  const pdf = await openForCompression(mupdf, file, info.pageCount, ctx);
  let compressed: Uint8Array;
  let wasRepaired = info.wasRepaired;
  let isSameAtEveryLevel: boolean;
  try {
    wasRepaired ||= pdf.wasRepaired();
    ctx.onProgress?.('processing');
    // First: an image or a font embedded several times is then re-encoded once.
    deduplicateStreams(pdf);
    stripPrivateData(pdf);
    const images = await recompressImages(mupdf, pdf, IMAGE_POLICIES[quality], ctx.signal);
    // Without an image any level could change, the quality asked for makes no difference: the report says so.
    isSameAtEveryLevel = images.adjustable === 0;
    if (ctx.signal.aborted) throw ctx.signal.reason;
    // Fonts are made smaller where that is safe: a step that fails leaves the fonts it did not finish as they were.
    shrinkFonts(() => convertType1Fonts(mupdf, pdf), ctx.signal);
    shrinkFonts(() => subsetFonts(mupdf, pdf), ctx.signal);
    shrinkFonts(() => dropUnusedFontTables(pdf), ctx.signal);
    // CFF fonts MuPDF leaves whole (simple ones, large CJK ones) are cut here, to the glyphs the pages draw.
    shrinkFonts(() => subsetCffFonts(mupdf, pdf, ctx.signal), ctx.signal);
    ctx.onProgress?.('writing');
    const garbage = pdf.countObjects() <= MAX_OBJECTS_FOR_FULL_MERGE ? 'garbage=4' : 'garbage=2';
    compressed = ownedBytes(pdf.saveToBuffer(`${garbage},${SAVE_OPTIONS}`));
  } catch (error) {
    // MuPDF throws plain errors on structures it cannot follow (a page tree that loops, say): a broken file.
    if (error instanceof AppError) throw error;
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be compressed.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  } finally {
    pdf.destroy();
  }

  const originalBytes = (await stat(upload.path)).size;
  const outputPath = join(ctx.workDir, 'compressed.pdf');
  // The original is returned byte for byte when nothing smaller came out (an owner-password file stays
  // encrypted), except for a damaged original: the answer must open everywhere, so its repaired copy comes back
  // even when a few bytes larger (and says FILE_REPAIRED).
  const shouldUseCompressed = compressed.length < originalBytes || wasRepaired;
  if (shouldUseCompressed) await writeFile(outputPath, compressed);
  else await copyFile(upload.path, outputPath);
  const outputBytes = shouldUseCompressed ? compressed.length : originalBytes;
  return {
    path: outputPath,
    report: {
      values: { originalBytes, outputBytes },
      notices: [
        ...repairNotices(wasRepaired),
        ...(shouldUseCompressed ? [] : [{ code: 'ALREADY_OPTIMAL' as const }]),
        // The result is written decrypted; the original, when it comes back, keeps its password.
        ...(shouldUseCompressed ? passwordNotices([info]) : []),
        ...(isSameAtEveryLevel ? [{ code: 'SAME_AT_EVERY_LEVEL' as const }] : []),
      ],
    },
  };
};

/**
 * Runs a font step whose failure costs only bytes: each of them changes a font whole or not at all, so the document
 * stays right when one stops half way on a font it cannot follow. A cancelled job still stops.
 */
function shrinkFonts(step: () => unknown, signal: AbortSignal): void {
  try {
    step();
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof AppError) throw error;
  }
}
