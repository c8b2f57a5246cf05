import { InlineCode } from './inline-code.tsx';

/** Names (headers, fields) with what each means, as a definition list; `title` heads it when given. */
export function FactList({
  title,
  items,
}: {
  title?: string;
  items: readonly { name: string; text: string }[];
}) {
  return (
    <div className="mt-3">
      {title && <h5 className="text-sm font-semibold text-slate-800">{title}</h5>}
      <dl className="mt-1 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
        {items.map((item) => (
          <div key={item.name} className="grid gap-1 p-3 sm:grid-cols-[minmax(0,14rem)_1fr] sm:gap-4">
            <dt>
              <code dir="ltr" className="font-mono font-semibold break-all text-slate-900">
                {item.name}
              </code>
            </dt>
            <dd className="text-slate-700">
              <InlineCode text={item.text} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
