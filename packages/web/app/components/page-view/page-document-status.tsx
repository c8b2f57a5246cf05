import { useEffect, useRef } from 'react';
import { BUTTON_STYLES } from '../button-styles.ts';
import { AlertIcon } from '../icons.tsx';
import type { PageViewWords } from './page-view.tsx';
import type { PageDocument } from './use-page-document.ts';

export const PAGE_VIEW_FRAME = 'rounded-2xl border border-slate-200 bg-slate-50 p-4';

/**
 * What shows in place of a document's pages until they can be drawn: that they are being drawn, that the file is
 * damaged, or that it needs its password (asked again, once each time, when the one given is found wrong).
 */
export function PageDocumentStatus(props: {
  readonly document: PageDocument;
  readonly words: Pick<PageViewWords, 'loading' | 'damaged' | 'protectedFile' | 'unlock'>;
  readonly onAskPassword: (isRetry: boolean) => void;
}) {
  const { document, words, onAskPassword } = props;
  // The callback may be new at every render.
  const askPassword = useRef(onAskPassword);
  askPassword.current = onAskPassword;
  useEffect(() => {
    if (document.status === 'password-incorrect') askPassword.current(true);
  }, [document.status]);

  if (document.status === 'idle' || document.status === 'open') return null;
  if (document.status === 'loading') {
    return (
      <p
        role="status"
        className={`${PAGE_VIEW_FRAME} text-sm text-slate-600`}
        data-testid="page-view-loading"
      >
        {words.loading}
      </p>
    );
  }
  if (document.status === 'damaged') {
    return (
      <p
        className={`${PAGE_VIEW_FRAME} flex items-start gap-2 text-sm text-slate-700`}
        data-testid="page-view-damaged"
      >
        <AlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <span>{words.damaged}</span>
      </p>
    );
  }
  return (
    <div className={`${PAGE_VIEW_FRAME} text-sm text-slate-700`} data-testid="page-view-protected">
      <p>{words.protectedFile}</p>
      <button
        type="button"
        className={`${BUTTON_STYLES.secondary} mt-3`}
        onClick={() => onAskPassword(document.status === 'password-incorrect')}
      >
        {words.unlock}
      </button>
    </div>
  );
}
