import { useT } from '../../i18n/use-t.ts';

export type TocEntry = {
  readonly id: string;
  readonly title: string;
  readonly method?: string;
  readonly path?: string;
  readonly children?: readonly TocEntry[];
};

const LINK =
  'block rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-indigo-700 focus-visible:outline-3 focus-visible:outline-indigo-600';

/** The table of contents: the general sections, then every endpoint by group (sticky beside the text on wide screens). */
export function DocsToc({ entries }: { entries: readonly TocEntry[] }) {
  const t = useT();
  return (
    <nav aria-label={t('apiDocs.toc.label')} className="mb-10 lg:mb-0" data-testid="api-toc">
      <div className="rounded-2xl border border-slate-200 bg-white p-4 lg:sticky lg:top-24 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto">
        <h2 className="px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {t('apiDocs.toc.label')}
        </h2>
        <ul className="mt-2 space-y-0.5">
          {entries.map((entry) => (
            <li key={entry.id}>
              <a href={`#${entry.id}`} className={`${LINK} font-medium`}>
                {entry.title}
              </a>
              {entry.children && (
                <ul className="ms-2 border-s border-slate-200 ps-2">
                  {entry.children.map((child) => (
                    <li key={child.id}>
                      <a href={`#${child.id}`} className={LINK}>
                        <span className="block">{child.title}</span>
                        {child.path && (
                          <span className="block font-mono text-xs text-slate-600">
                            <span dir="ltr">
                              {child.method} {child.path}
                            </span>
                          </span>
                        )}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
