import { homePath } from '@quire/shared';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { MenuIcon } from '../../components/icons.tsx';
import { LogoMark } from '../../components/logo.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { LanguageList, LanguageMenu } from './language-switcher.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { HEADER_PAGES } from './nav-items.ts';
import { ToolsLink } from './tools-link.tsx';

const LINK =
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-3 focus-visible:outline-indigo-600';

/**
 * The sticky header: logo, navigation, language switcher and the call to action. There is no PDF editor, so the
 * call to action says what it does: it takes the visitor to the tools on the home page, like "Tools" (spec A.11).
 */
export function SiteHeader() {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const menuId = useId();
  const menuLayerId = useId();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // A navigation closes the menu (not the first render: a menu opened before the scripts ran stays open).
  const menuPath = useRef(pathname);
  useEffect(() => {
    if (menuPath.current === pathname) return;
    menuPath.current = pathname;
    closeMenu();
  }, [pathname, closeMenu]);

  const links = (className: string) => (
    <>
      <ToolsLink className={className} onFollow={closeMenu}>
        {t('common.nav.tools')}
      </ToolsLink>
      {HEADER_PAGES.map((item) => (
        <Link key={item.key} to={item.href(locale)} className={className}>
          {t(item.key)}
        </Link>
      ))}
    </>
  );

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
          <Link
            to={homePath(locale)}
            aria-label={t('common.brand.home')}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg text-lg font-bold text-slate-900 focus-visible:outline-3 focus-visible:outline-indigo-600"
          >
            <LogoMark className="size-8" />
            <span>{t('common.brand.name')}</span>
          </Link>
          <nav aria-label={t('common.nav.label')} className="ms-4 hidden items-center gap-1 md:flex">
            {links(LINK)}
          </nav>
          <div className="ms-auto hidden items-center gap-2 md:flex">
            <LanguageMenu />
            <ToolsLink className={BUTTON_STYLES.primary} testId="choose-tool">
              {t('common.nav.chooseTool')}
            </ToolsLink>
          </div>
          <button
            type="button"
            popoverTarget={menuLayerId}
            popoverTargetAction="show"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={t('common.nav.openMenu')}
            data-testid="menu-button"
            className="ms-auto inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-indigo-600 md:hidden"
          >
            <MenuIcon className="size-6" />
          </button>
        </div>
      </header>
      <MobileMenu
        id={menuId}
        layerId={menuLayerId}
        isOpen={isMenuOpen}
        title={t('common.nav.menu')}
        closeLabel={t('common.nav.closeMenu')}
        onOpenChange={setMenuOpen}
      >
        <nav aria-label={t('common.nav.label')} className="flex flex-col gap-1">
          {links(`${LINK} text-base`)}
        </nav>
        <ToolsLink className={BUTTON_STYLES.primary} testId="menu-choose-tool" onFollow={closeMenu}>
          {t('common.nav.chooseTool')}
        </ToolsLink>
        <LanguageList onFollow={closeMenu} />
      </MobileMenu>
    </>
  );
}
