import { pagePath, type PageSlug } from '@quire/shared';
import { Link } from 'react-router';
import { CodeIcon, type IconProps } from '../../components/icons.tsx';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { BookIcon, QuestionIcon } from './status-icons.tsx';

const LINKS = [
  { key: 'helpCenter', slug: 'help-center', Icon: BookIcon },
  { key: 'faq', slug: 'faq', Icon: QuestionIcon },
  { key: 'apiDocs', slug: 'api-docs', Icon: CodeIcon },
] as const satisfies readonly {
  key: string;
  slug: PageSlug;
  Icon: (props: IconProps) => React.JSX.Element;
}[];

/**
 * Where to go next: the help center, the FAQ and the API docs of the page's language. The section, at the foot of
 * the page, is laid out only once it nears the screen (`content-visibility: auto`); its padding holds the links'
 * focus rings inside its paint containment.
 */
export function StatusHelp() {
  const t = useT();
  const locale = useLocale();
  return (
    <section
      aria-labelledby="status-help-title"
      className="rounded-2xl bg-slate-50 p-6 [contain-intrinsic-size:auto_620px] [content-visibility:auto] sm:p-8 sm:[contain-intrinsic-size:auto_314px]"
      data-testid="status-help"
    >
      <h2 id="status-help-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {t('status.help.title')}
      </h2>
      <p className="mt-2 text-slate-600">{t('status.help.body')}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {LINKS.map(({ key, slug, Icon }) => (
          <li key={key}>
            <Link
              to={pagePath(locale, slug)}
              className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 transition-colors hover:border-indigo-300 hover:bg-indigo-50/40 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
                <Icon className="size-5" />
              </span>
              <span className="mt-3 font-semibold text-slate-900">{t(`status.help.${key}.title`)}</span>
              <span className="mt-1 text-sm text-slate-600">{t(`status.help.${key}.body`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
