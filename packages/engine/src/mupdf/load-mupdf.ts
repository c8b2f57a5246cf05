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
