/** What the page view asks of its renderer worker, and what the worker answers (`page-renderer.worker.ts`). */
export type RendererRequest =
  | { readonly type: 'open'; readonly bytes: ArrayBuffer; readonly password: string | undefined }
  /** Draws one page, its longest side `sizePx` device pixels; asked again after a cancel, it is drawn again. */
  | { readonly type: 'draw'; readonly page: number; readonly sizePx: number }
  /** The page has left the view before it was drawn: it is not drawn. */
  | { readonly type: 'cancel'; readonly page: number; readonly sizePx: number };

/** A fraction of a page as shown, from each of its sides (0: at the side, 0.5: half way in). */
export type PageFrame = {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
};

/** What the drawing of a page tells of it, as shown (its /Rotate applied). */
export type PageFacts = {
  readonly widthPt: number;
  readonly heightPt: number;
  /** The white around its ink, as fractions of the page from each side (`findInk`); null for a blank page. */
  readonly margins: PageFrame | null;
};

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
      readonly facts: PageFacts | null;
    };
