import { LOCALE_INFO, LOCALES, switchLocale } from '@quire/shared';
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { GlobeIcon } from '../../components/icons.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { usePendingFiles } from '../upload/pending-files.tsx';

/**
 * Links to the same page in every language. They are real links (the document reloads in the new language), except
 * when the visitor has chosen files on the page: then the page changes language in place and the files (and the
 * tool's options) come along, since a reload would silently drop them.
 */
function LanguageLinks(props: { className: string; itemClassName: string; onFollow?: () => void }) {
  const { className, itemClassName, onFollow } = props;
  const { pathname } = useLocation();
  const current = useLocale();
  const pending = usePendingFiles();
  const navigate = useNavigate();
  const carryFiles = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    const isPlainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!isPlainClick) return;
    onFollow?.();
    if (href === pathname) {
      // The language already shown: nothing to load, nothing to carry.
      event.preventDefault();
      return;
    }
    const selection = pending.current();
    if (!selection || selection.files.length === 0) return;
    event.preventDefault();
    pending.handOver(selection, href);
    void navigate(href);
  };
  return (
    <ul className={className}>
      {LOCALES.map((code) => (
        <li key={code}>
          <a
            href={switchLocale(pathname, code)}
            onClick={(event) => carryFiles(event, switchLocale(pathname, code))}
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

/**
 * A disclosure with the list of languages (desktop header). It is a `<details>` element, so that it opens and its
 * links work from the first paint, before the page's scripts have run (on a slow phone, seconds later); once they
 * have, the keyboard moves into the list, the arrows walk it, and Escape, a click elsewhere or tabbing out close it.
 */
export function LanguageMenu() {
  const t = useT();
  const locale = useLocale();
  const [isOpen, setOpen] = useState(false);
  const root = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const close = () => {
    if (root.current) root.current.open = false;
    // Said now, not left to the toggle event: the browser folds a close and a quick reopen into one event (old and
    // new state both "open"), and a state still saying "open" would not move the keyboard into the list again.
    setOpen(false);
  };

  // Opened before the scripts ran: the toggle event went unheard.
  useEffect(() => setOpen(root.current?.open ?? false), []);

  useEffect(() => {
    if (!isOpen) return;
    // The keyboard moves into the list, onto the current language.
    list.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  /** Up and down arrows (and Home, End) move between the languages. */
  const onListKey = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLElement>('a')];
    const index = links.indexOf(document.activeElement as HTMLElement);
    const target = {
      ArrowDown: links[(index + 1) % links.length],
      ArrowUp: links[(index - 1 + links.length) % links.length],
      Home: links[0],
      End: links.at(-1),
    }[event.key];
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <details
      ref={root}
      className="relative"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onBlur={(event) => {
        // Tabbing out of the menu closes it.
        if (isOpen && !event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <summary
        ref={toggle}
        aria-label={`${t('common.language.choose')}: ${LOCALE_INFO[locale].name}`}
        data-testid="language-switcher"
        className="inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 select-none hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden"
      >
        <GlobeIcon className="size-5" />
        {LOCALE_INFO[locale].name}
      </summary>
      <div
        ref={list}
        onKeyDown={onListKey}
        data-testid="language-list"
        className="absolute end-0 top-full z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        <LanguageLinks className="grid gap-0.5" itemClassName={ITEM} onFollow={close} />
      </div>
    </details>
  );
}

/** The language list laid out inline (mobile menu, which `onFollow` closes). */
export function LanguageList({ onFollow }: { onFollow: () => void }) {
  const t = useT();
  return (
    <nav aria-label={t('common.language.label')}>
      <p className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t('common.language.label')}
      </p>
      <LanguageLinks className="mt-2 grid grid-cols-2 gap-1" itemClassName={ITEM} onFollow={onFollow} />
    </nav>
  );
}
