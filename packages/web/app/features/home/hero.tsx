import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { useT } from '../../i18n/use-t.ts';
import { ToolsLink } from '../layout/tools-link.tsx';
import { HomeUpload } from './home-upload.tsx';
import { HOW_IT_WORKS_ID } from './how-it-works.tsx';

export function Hero() {
  const t = useT();
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-2 lg:pt-20 lg:pb-24 *:min-w-0">
        <div>
          <p className="inline-flex rounded-full bg-indigo-100 px-3 py-1 text-sm font-semibold text-indigo-800">
            {t('common.home.hero.badge')}
          </p>
          <h1 className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {t('common.home.hero.title')}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            {t('common.home.hero.subtitle')}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ToolsLink className={`${BUTTON_STYLES.primary} px-6 text-base`} testId="hero-choose-tool">
              {t('common.home.hero.primary')}
            </ToolsLink>
            <a href={`#${HOW_IT_WORKS_ID}`} className={`${BUTTON_STYLES.secondary} px-6 text-base`}>
              {t('common.home.hero.secondary')}
            </a>
          </div>
        </div>
        <HomeUpload />
      </div>
    </section>
  );
}
