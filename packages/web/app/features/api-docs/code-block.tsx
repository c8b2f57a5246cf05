import { useEffect, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';

const COPIED_FEEDBACK_MS = 2_000;

/** A block of code (left to right in every language) with a button that copies it. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const t = useT();
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <div className="relative" dir="ltr">
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto rounded-xl bg-slate-900 p-4 pe-20 text-sm leading-relaxed text-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <code>{code}</code>
      </pre>
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard?.writeText(code).then(() => setCopied(true));
        }}
        className="absolute end-2 top-2 rounded-lg bg-slate-700 px-3 py-1.5 text-xs font-semibold text-white hover:bg-slate-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-400"
      >
        <span aria-live="polite">{isCopied ? t('apiDocs.endpoint.copied') : t('apiDocs.endpoint.copy')}</span>
      </button>
    </div>
  );
}
