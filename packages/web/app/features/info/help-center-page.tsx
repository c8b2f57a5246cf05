import { TOOLS, pagePath, toolPath, type Locale } from '@quire/shared';
import { Link } from 'react-router';
import { BUTTON_STYLES } from '../../components/button-styles.ts';
import {
  ArrowBackIcon,
  CheckIcon,
  CodeIcon,
  DevicesIcon,
  ShieldIcon,
  SparkIcon,
  type IconProps,
} from '../../components/icons.tsx';
import { ToolIcon } from '../../components/tool-icon.tsx';
import type { HelpFile } from '../../content/content-schemas.ts';
import { markAsPageText } from '../../i18n/isolate-values.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { ToolsLink } from '../layout/tools-link.tsx';
import { FallbackNotice, contentLanguage } from './content-language.tsx';

export type HelpContent = HelpFile & { readonly locale: Locale };

/** Icons of the benefit cards by their id in the content; a card with another id gets a check mark. */
const BENEFIT_ICONS: Readonly<Record<string, (props: IconProps) => React.JSX.Element>> = {
  'nothing-kept': ShieldIcon,
  'free-no-account': SparkIcon,
  'any-device': DevicesIcon,
  'open-source': CodeIcon,
};

const BACK_LINK =
  'inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-medium text-slate-600 hover:text-indigo-700 focus-visible:outline-3 focus-visible:outline-indigo-600';

/** The help center: a guide per tool (steps, tips, a link to the tool), the benefit cards and a way back to the tools. */
export function HelpCenterPage({ help }: { help: HelpContent }) {
  const t = useT();
  const locale = useLocale();
  const content = contentLanguage(help.locale, locale);

  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-20 sm:px-6" data-testid="help-center">
      <ToolsLink className={BACK_LINK} testId="help-back-link">
        <ArrowBackIcon className="size-4" />
        <span {...content}>{help.backToTools}</span>
      </ToolsLink>
      <header className="mt-4 mb-10 text-center" {...content}>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{help.title}</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-slate-600">{help.intro}</p>
      </header>
      <FallbackNotice contentLocale={help.locale} pageLocale={locale} />

      <nav aria-label={t('info.help.guidesLabel')} className="mb-12">
        <ul className="flex flex-wrap justify-center gap-2">
          {help.guides.map((guide) => (
            <li key={guide.toolId}>
              <a
                href={`#guide-${guide.toolId}`}
                className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                {t(`tools.${guide.toolId}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <div className="space-y-8">
        {help.guides.map((guide) => {
          const toolName = t(`tools.${guide.toolId}.title`);
          const headingId = `guide-${guide.toolId}-heading`;
          return (
            <section
              key={guide.toolId}
              id={`guide-${guide.toolId}`}
              aria-labelledby={headingId}
              className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
              data-testid={`guide-${guide.toolId}`}
            >
              <div className="flex flex-wrap items-center gap-4">
                <ToolIcon tool={TOOLS[guide.toolId]} />
                <h2
                  id={headingId}
                  className="me-auto text-2xl font-bold tracking-tight text-slate-900"
                  {...content}
                >
                  {guide.title}
                </h2>
                <Link to={toolPath(locale, guide.toolId)} className={BUTTON_STYLES.secondary}>
                  {t('info.help.openTool', { tool: markAsPageText(toolName) })}
                </Link>
              </div>
              <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                <div>
                  <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                    {t('info.help.steps')}
                  </h3>
                  <ol className="mt-4 space-y-3" {...content}>
                    {guide.steps.map((step, index) => (
                      <li key={step} className="flex gap-3">
                        <span
                          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
                          aria-hidden="true"
                        >
                          {index + 1}
                        </span>
                        <span className="pt-0.5 leading-relaxed text-slate-700">{step}</span>
                      </li>
                    ))}
                  </ol>
                </div>
                {guide.tips.length > 0 && (
                  <div className="rounded-xl bg-slate-50 p-5">
                    <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                      {t('info.help.tips')}
                    </h3>
                    <ul className="mt-4 space-y-3" {...content}>
                      {guide.tips.map((tip) => (
                        <li key={tip} className="flex gap-3 text-sm leading-relaxed text-slate-700">
                          <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                          <span>{tip}</span>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            </section>
          );
        })}
      </div>

      <section aria-labelledby="benefits-heading" className="mt-16">
        <h2 id="benefits-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {t('info.help.benefitsTitle')}
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2" {...content}>
          {help.benefits.map((benefit) => {
            const Icon = BENEFIT_ICONS[benefit.id] ?? CheckIcon;
            return (
              <li
                key={benefit.id}
                className="rounded-2xl border border-slate-200 bg-white p-6"
                data-testid="benefit"
              >
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-white">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{benefit.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{benefit.body}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="help-next-heading" className="mt-16">
        <div className="rounded-3xl bg-indigo-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="help-next-heading" className="text-3xl font-bold tracking-tight">
            {t('info.help.nextTitle')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-indigo-100">{t('info.help.nextBody')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ToolsLink className={BUTTON_STYLES.inverse} testId="back-to-tools">
              <span {...content}>{help.backToTools}</span>
            </ToolsLink>
            <Link
              to={pagePath(locale, 'faq')}
              className="inline-flex min-h-11 items-center justify-center rounded-xl border border-indigo-300 px-5 text-sm font-semibold text-white transition-colors hover:bg-indigo-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {t('info.help.faqLink')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
