import { CodeIcon, DevicesIcon, ShieldIcon, SparkIcon, type IconProps } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';

const FEATURES = [
  { key: 'private', Icon: ShieldIcon },
  { key: 'free', Icon: SparkIcon },
  { key: 'device', Icon: DevicesIcon },
  { key: 'open', Icon: CodeIcon },
] as const satisfies readonly { key: string; Icon: (props: IconProps) => React.JSX.Element }[];

export function FeaturesSection() {
  const t = useT();
  return (
    <section aria-labelledby="features-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {t('common.home.features.title')}
        </h2>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ key, Icon }) => (
            <li key={key} className="rounded-2xl border border-slate-200 bg-white p-6">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-white">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                {t(`common.home.features.${key}.title`)}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">
                {t(`common.home.features.${key}.body`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
