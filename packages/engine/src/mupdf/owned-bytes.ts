import type * as Mupdf from 'mupdf';

/**
 * The bytes of a MuPDF buffer, copied out of the WebAssembly heap, and the buffer freed. `asUint8Array()` alone
 * is a view of the heap: once the buffer is unreachable its finalizer may free it (and the allocator writes over
 * the first bytes) while an asynchronous write is still reading the view, and a growing heap detaches it.
 */
export function ownedBytes(buffer: Mupdf.Buffer): Uint8Array {
  try {
    return buffer.asUint8Array().slice();
  } finally {
    buffer.destroy();
  }
}
