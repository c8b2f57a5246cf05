import { SITE_TOOL_IDS } from '@quire/shared';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { TOOLS_SECTION_ID } from '../../lib/use-scroll-to-tools.ts';
import { ToolCard } from '../tools/tool-card.tsx';

/** The grid of every tool; the section the Tools link and 'Choose a tool' take the visitor to. */
export function ToolGrid() {
  const t = useT();
  const locale = useLocale();
  return (
    <section
      id={TOOLS_SECTION_ID}
      tabIndex={-1}
      aria-labelledby="tools-heading"
      className="scroll-mt-20 py-16 outline-none sm:py-20"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="tools-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {t('common.home.tools.title')}
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{t('common.home.tools.subtitle')}</p>
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {SITE_TOOL_IDS.map((id) => (
            <li key={id}>
              <ToolCard
                toolId={id}
                locale={locale}
                title={t(`tools.${id}.title`)}
                description={t(`tools.${id}.description`)}
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
