import { DownloadIcon, SparkIcon, UploadIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';

export const HOW_IT_WORKS_ID = 'how-it-works';

const STEPS = [
  { key: 'upload', Icon: UploadIcon },
  { key: 'process', Icon: SparkIcon },
  { key: 'download', Icon: DownloadIcon },
] as const;

export function HowItWorks() {
  const t = useT();
  return (
    <section id={HOW_IT_WORKS_ID} aria-labelledby="steps-heading" className="scroll-mt-20 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="steps-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {t('common.home.steps.title')}
        </h2>
        <p className="mt-3 text-center text-slate-600">{t('common.home.steps.subtitle')}</p>
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {STEPS.map(({ key, Icon }, index) => (
            <li key={key} className="flex flex-col items-center text-center">
              <span className="relative inline-flex size-16 items-center justify-center rounded-2xl bg-indigo-50 text-indigo-700">
                <Icon className="size-8" />
                <span className="absolute -end-2 -top-2 inline-flex size-7 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white">
                  {index + 1}
                </span>
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">
                {t(`common.home.steps.${key}.title`)}
              </h3>
              <p className="mt-2 max-w-xs text-sm leading-relaxed text-slate-600">
                {t(`common.home.steps.${key}.body`)}
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
