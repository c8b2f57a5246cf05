/** How long the Share button says the link is copied (spec section 9). */
export const COPIED_FEEDBACK_MS = 2000;

export type ShareOutcome = 'shared' | 'dismissed' | 'copied' | 'failed';

export type SharePayload = { readonly title: string; readonly text: string; readonly url: string };

/** What the browser offers; each is absent where the browser lacks it. */
export type ShareCapabilities = {
  readonly share?: (data: ShareData) => Promise<void>;
  readonly canShare?: (data: ShareData) => boolean;
  readonly writeText?: (text: string) => Promise<void>;
  /** The old way: select the text in a hidden field and run the copy command; true when it worked. */
  readonly copyBySelection?: (text: string) => boolean;
};

/**
 * Shares the post through the system's share sheet (Web Share) where the browser has one: title, excerpt and URL.
 * Elsewhere, or when sharing fails for another reason than the reader closing the sheet, copies the URL to the
 * clipboard.
 */
export async function shareOrCopy(payload: SharePayload, can: ShareCapabilities): Promise<ShareOutcome> {
  const data: ShareData = { title: payload.title, text: payload.text, url: payload.url };
  if (can.share && (can.canShare?.(data) ?? true)) {
    try {
      await can.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'dismissed';
    }
  }
  if (can.writeText) {
    try {
      await can.writeText(payload.url);
      return 'copied';
    } catch {
      // No permission or not a secure context: try the old way.
    }
  }
  return can.copyBySelection?.(payload.url) ? 'copied' : 'failed';
}

/** The capabilities of this browser window. */
export function browserShareCapabilities(): ShareCapabilities {
  const { navigator } = window;
  return {
    share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
    canShare: typeof navigator.canShare === 'function' ? (data) => navigator.canShare(data) : undefined,
    writeText: navigator.clipboard ? (text) => navigator.clipboard.writeText(text) : undefined,
    copyBySelection,
  };
}

function copyBySelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
