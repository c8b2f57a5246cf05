import { BUTTON_STYLES } from '../../components/button-styles.ts';
import { useT } from '../../i18n/use-t.ts';
import { useScrollToTools } from '../../lib/use-scroll-to-tools.ts';

export function CallToAction() {
  const t = useT();
  const scrollToTools = useScrollToTools();
  return (
    <section className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-5xl rounded-3xl bg-indigo-700 px-6 py-12 text-center text-white sm:px-12">
        <h2 className="text-3xl font-bold tracking-tight">{t('common.home.cta.title')}</h2>
        <p className="mx-auto mt-3 max-w-xl text-indigo-100">{t('common.home.cta.body')}</p>
        <button
          type="button"
          onClick={scrollToTools}
          className={`${BUTTON_STYLES.inverse} mt-8 px-6 text-base`}
        >
          {t('common.home.cta.button')}
        </button>
      </div>
    </section>
  );
}
