import { useEffect, useRef, useState } from 'react';
import { CheckIcon, ShareIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';
import { COPIED_FEEDBACK_MS, browserShareCapabilities, shareOrCopy } from './share-link.ts';

type Feedback = 'none' | 'copied' | 'failed';

/**
 * Shares the post with the system's share sheet where there is one; elsewhere copies the post's URL and says so
 * for two seconds, on the button and to screen readers (a polite live region present from the start).
 */
export function ShareButton({ title, excerpt }: { title: string; excerpt: string }) {
  const t = useT();
  const [feedback, setFeedback] = useState<Feedback>('none');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    clearTimeout(timer.current);
    setFeedback('none');
    const url = `${window.location.origin}${window.location.pathname}`;
    const outcome = await shareOrCopy({ title, text: excerpt, url }, browserShareCapabilities());
    if (outcome === 'copied') {
      setFeedback('copied');
      timer.current = setTimeout(() => setFeedback('none'), COPIED_FEEDBACK_MS);
    } else if (outcome === 'failed') {
      setFeedback('failed');
    }
  };

  const isCopied = feedback === 'copied';
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={onClick}
        className={`inline-flex min-h-11 items-center gap-2 rounded-xl border px-4 text-sm font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
          isCopied
            ? 'border-emerald-300 bg-emerald-50 text-emerald-800'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
        }`}
        data-testid="share-button"
        data-feedback={feedback}
      >
        {isCopied ? <CheckIcon className="size-4" /> : <ShareIcon className="size-4" />}
        {isCopied ? t('blog.post.copied') : t('blog.post.share')}
      </button>
      <p
        role="status"
        className={feedback === 'failed' ? 'text-sm text-red-700' : 'sr-only'}
        data-testid="share-status"
      >
        {feedback === 'copied' && t('blog.post.copiedAnnouncement')}
        {feedback === 'failed' && t('blog.post.copyFailed')}
      </p>
    </div>
  );
}
