import { homePath } from '@quire/shared';
import { Link } from 'react-router';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { TOOLS_SECTION_ID } from '../../lib/use-scroll-to-tools.ts';

export function NotFoundPage() {
  const t = useT();
  const locale = useLocale();
  return (
    <div
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center"
      data-testid="not-found"
    >
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('common.notFound.title')}</h1>
      <p className="mt-4 text-lg text-slate-600">{t('common.notFound.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={homePath(locale)} className={BUTTON_STYLES.primary}>
          {t('common.notFound.home')}
        </Link>
        <Link to={`${homePath(locale)}#${TOOLS_SECTION_ID}`} className={BUTTON_STYLES.secondary}>
          {t('common.notFound.tools')}
        </Link>
      </div>
    </div>
  );
}
