import type * as Mupdf from 'mupdf';

export type MupdfModule = typeof Mupdf;

let loading: Promise<MupdfModule> | null = null;

/** MuPDF.js instantiates its WebAssembly on import (about 0.2 s); load it once per worker, on first use. */
export function loadMupdf(): Promise<MupdfModule> {
  loading ??= import('mupdf').then((mupdf) => {
    // Warnings about repaired files are expected on real-world input; they are not errors of ours.
    mupdf.setLog({ warning: () => undefined, error: () => undefined });
    return mupdf;
  });
  return loading;
}

/**
 * Bytes of WebAssembly memory MuPDF holds in this thread: the most its documents ever needed at once, since that
 * memory grows and never shrinks. Zero before MuPDF is loaded.
 */
export async function mupdfHeapBytes(): Promise<number> {
  if (!loading) return 0;
  const mupdf = await loading;
  // A buffer's bytes are a view of the module's memory: its `buffer` is the whole of it.
  const probe = new mupdf.Buffer(new Uint8Array(1));
  try {
    return probe.asUint8Array().buffer.byteLength;
  } finally {
    probe.destroy();
  }
}
