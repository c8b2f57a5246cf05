/** What the page view asks of its renderer worker, and what the worker answers (`page-renderer.worker.ts`). */
export type RendererRequest =
  | { readonly type: 'open'; readonly bytes: ArrayBuffer; readonly password: string | undefined }
  /** Draws one page, its longest side `sizePx` device pixels; asked again after a cancel, it is drawn again. */
  | { readonly type: 'draw'; readonly page: number; readonly sizePx: number }
  /** The page has left the view before it was drawn: it is not drawn. */
  | { readonly type: 'cancel'; readonly page: number; readonly sizePx: number };

/** Why a document shows no pages. */
export type OpenFailure = 'password-required' | 'password-incorrect' | 'damaged';

export type RendererReply =
  | { readonly type: 'opened'; readonly pageCount: number }
  | { readonly type: 'failed'; readonly reason: OpenFailure }
  | {
      readonly type: 'drawn';
      readonly page: number;
      readonly sizePx: number;
      /** Null when this page alone could not be drawn. */
      readonly bitmap: ImageBitmap | null;
    };
