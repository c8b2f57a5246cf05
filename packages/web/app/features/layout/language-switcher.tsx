import { LOCALE_INFO, LOCALES, switchLocale } from '@quire/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { GlobeIcon } from '../../components/icons.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';

/** Links to the same page in every language: real navigations, so the document reloads with its lang and dir. */
function LanguageLinks({ className, itemClassName }: { className: string; itemClassName: string }) {
  const { pathname } = useLocation();
  const current = useLocale();
  return (
    <ul className={className}>
      {LOCALES.map((code) => (
        <li key={code}>
          <a
            href={switchLocale(pathname, code)}
            hrefLang={LOCALE_INFO[code].tag}
            lang={LOCALE_INFO[code].tag}
            aria-current={code === current ? 'true' : undefined}
            data-testid={`language-${code}`}
            className={`${itemClassName} ${code === current ? 'bg-indigo-50 font-semibold text-indigo-700' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {LOCALE_INFO[code].name}
          </a>
        </li>
      ))}
    </ul>
  );
}

const ITEM =
  'flex min-h-11 items-center rounded-lg px-3 text-sm focus-visible:outline-3 focus-visible:outline-indigo-600';

/** A disclosure button with the list of languages (desktop header). */
export function LanguageMenu() {
  const t = useT();
  const locale = useLocale();
  const [isOpen, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-label={`${t('common.language.choose')}: ${LOCALE_INFO[locale].name}`}
        data-testid="language-switcher"
        onClick={() => setOpen((open) => !open)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-indigo-600"
      >
        <GlobeIcon className="size-5" />
        {LOCALE_INFO[locale].name}
      </button>
      <div
        id={listId}
        hidden={!isOpen}
        className="absolute end-0 top-full z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <LanguageLinks className="grid gap-0.5" itemClassName={ITEM} />
      </div>
    </div>
  );
}

/** The language list laid out inline (mobile menu). */
export function LanguageList() {
  const t = useT();
  return (
    <nav aria-label={t('common.language.label')}>
      <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('common.language.label')}
      </p>
      <LanguageLinks className="mt-2 grid grid-cols-2 gap-1" itemClassName={ITEM} />
    </nav>
  );
}
