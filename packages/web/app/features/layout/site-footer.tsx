import { LOCALE_INFO, SITE_TOOL_IDS, toolPath } from '@quire/shared';
import { Link } from 'react-router';
import { CodeIcon } from '../../components/icons.tsx';
import { LogoMark } from '../../components/logo.tsx';
import { config } from '../../config.ts';
import { markAsPageText } from '../../i18n/isolate-values.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { FOOTER_LEGAL, FOOTER_SUPPORT } from './nav-items.ts';
import { FooterColumn } from './footer-column.tsx';

const LINK =
  'inline-flex min-h-11 items-center rounded text-sm text-slate-300 hover:text-white focus-visible:outline-3 focus-visible:outline-white md:min-h-8';

/**
 * The footer of spec section 2, with language-aware links and the AGPL source link. "Contact Us" writes to the
 * operator's address (`QUIRE_CONTACT_EMAIL`); a site whose operator has set none has no such link.
 */
export function SiteFooter() {
  const t = useT();
  const locale = useLocale();
  // A year is written without grouping (never `2,026`), in the language's digits.
  const year = new Intl.NumberFormat(LOCALE_INFO[locale].tag, { useGrouping: false }).format(
    new Date().getFullYear(),
  );

  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark className="size-8" />
            {t('common.brand.name')}
          </p>
          <p className="mt-4 text-sm leading-relaxed text-slate-400">{t('common.footer.tagline')}</p>
        </div>
        <FooterColumn heading={t('common.footer.tools')}>
          {SITE_TOOL_IDS.map((id) => (
            <Link key={id} to={toolPath(locale, id)} className={LINK}>
              {t(`tools.${id}.title`)}
            </Link>
          ))}
        </FooterColumn>
        <FooterColumn heading={t('common.footer.support')}>
          {FOOTER_SUPPORT.map((item) => (
            <Link key={item.key} to={item.href(locale)} className={LINK}>
              {t(item.key)}
            </Link>
          ))}
          {config.contactEmail && (
            <a href={`mailto:${config.contactEmail}`} className={LINK} data-testid="contact-link">
              {t('common.footer.contact')}
            </a>
          )}
        </FooterColumn>
        <FooterColumn heading={t('common.footer.legal')}>
          {FOOTER_LEGAL.map((item) => (
            <Link key={item.key} to={item.href(locale)} className={LINK}>
              {t(item.key)}
            </Link>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-slate-400 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p data-testid="copyright">{t('common.footer.copyright', { year: markAsPageText(year) })}</p>
          <p className="flex flex-wrap items-center gap-x-3">
            <span>{t('common.footer.license')}</span>
            <a href={config.sourceUrl} className={`${LINK} gap-1.5`} data-testid="source-link">
              <CodeIcon className="size-4" />
              {t('common.footer.source')}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
