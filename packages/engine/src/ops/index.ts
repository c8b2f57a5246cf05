import type { ToolId } from '@quire/shared';
import type { EngineOp } from './types.ts';

/**
 * The operation behind each tool, loaded the first time it is needed: a worker process starts with none of them, so
 * it is ready sooner (from source, loading every op's modules cost a worker 1 to 2 s of CPU, measured), and loads
 * only the tools it runs. The server's bundle holds them all, so there loading is immediate. A tool without an entry here
 * is a compile error.
 */
const OP_LOADERS: { readonly [T in ToolId]: () => Promise<EngineOp<T>> } = {
  merge: async () => (await import('./merge.ts')).merge,
  split: async () => (await import('./split.ts')).split,
  crop: async () => (await import('./crop.ts')).crop,
  compress: async () => (await import('./compress.ts')).compress,
  flatten: async () => (await import('./flatten.ts')).flatten,
  metadata: async () => (await import('./metadata.ts')).metadata,
  redact: async () => (await import('./redact.ts')).redact,
  sign: async () => (await import('./sign.ts')).sign,
  'pdf-to-word': async () => (await import('./pdf-to-word.ts')).pdfToWord,
  'word-to-pdf': async () => (await import('./word-to-pdf.ts')).wordToPdf,
  'excel-to-pdf': async () => (await import('./excel-to-pdf.ts')).excelToPdf,
  'powerpoint-to-pdf': async () => (await import('./powerpoint-to-pdf.ts')).powerpointToPdf,
  'pdf-to-jpg': async () => (await import('./pdf-to-jpg.ts')).pdfToJpg,
  'pdf-to-png': async () => (await import('./pdf-to-png.ts')).pdfToPng,
  'pdf-to-pdfa': async () => (await import('./pdf-to-pdfa.ts')).pdfToPdfa,
  'jpg-to-pdf': async () => (await import('./jpg-to-pdf.ts')).jpgToPdf,
  rotate: async () => (await import('./rotate.ts')).rotate,
  'page-numbers': async () => (await import('./page-numbers.ts')).pageNumbers,
  watermark: async () => (await import('./watermark.ts')).watermark,
  ocr: async () => (await import('./ocr.ts')).ocr,
  'remove-pages': async () => (await import('./remove-pages.ts')).removePages,
  'extract-pages': async () => (await import('./extract-pages.ts')).extractPages,
  organize: async () => (await import('./organize.ts')).organize,
  protect: async () => (await import('./protect.ts')).protect,
  unlock: async () => (await import('./unlock.ts')).unlock,
};

const loaded = new Map<ToolId, Promise<unknown>>();

/** The op of `toolId`, loading its modules once per process. */
export function loadEngineOp<T extends ToolId>(toolId: T): Promise<EngineOp<T>> {
  let op = loaded.get(toolId);
  if (op === undefined) {
    op = (OP_LOADERS[toolId] as () => Promise<EngineOp<T>>)();
    // A failed load (a missing system library) is tried again by the next job rather than kept.
    op.catch(() => loaded.delete(toolId));
    loaded.set(toolId, op);
  }
  return op as Promise<EngineOp<T>>;
}
