import { pagePath } from '@quire/shared';
import { Link } from 'react-router';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { ArrowBackIcon } from '../../components/icons.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';

/** What `/blog/<slug>` shows for a slug that is not a post (served with HTTP 404). */
export function PostNotFound() {
  const t = useT();
  const locale = useLocale();
  return (
    <div
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center"
      data-testid="post-not-found"
    >
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('blog.notFound.title')}</h1>
      <p className="mt-4 text-lg text-slate-600">{t('blog.notFound.body')}</p>
      <Link
        to={pagePath(locale, 'blog')}
        className={`mt-8 ${BUTTON_STYLES.primary}`}
        data-testid="back-to-blog"
      >
        <ArrowBackIcon className="size-4" />
        {t('blog.notFound.back')}
      </Link>
    </div>
  );
}
