import type { ErrorCode } from '@quire/shared';
import { useT } from '../../i18n/use-t.ts';
import { docText } from './doc-text.ts';
import { InlineCode } from './inline-code.tsx';

/** Every code of the error catalogue with its HTTP status and what it means; endpoints link here by `#error-CODE`. */
export function ErrorCodeTable({ codes }: { codes: readonly { code: ErrorCode; status: number }[] }) {
  const t = useT();
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
      {codes.map(({ code, status }) => (
        <div
          key={code}
          id={`error-${code}`}
          className="grid scroll-mt-24 gap-1 p-3 sm:grid-cols-[minmax(0,16rem)_1fr] sm:gap-4"
        >
          <dt className="flex flex-wrap items-baseline gap-2">
            <code dir="ltr" className="font-mono font-semibold text-slate-900">
              {code}
            </code>
            <span className="text-slate-600">
              {status} {docText(t, `statuses.${status}`)}
            </span>
          </dt>
          <dd className="text-slate-700">
            <InlineCode text={docText(t, `codes.${code}`)} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
