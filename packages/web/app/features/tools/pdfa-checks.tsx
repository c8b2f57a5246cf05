import { PDFA_RULES, rulesOf, type PdfaLevel } from '@quire/shared';
import { useT } from '../../i18n/use-t.ts';

const LEVELS: readonly PdfaLevel[] = ['1b', '2b', '3b'];

/**
 * PDF to PDF/A's page says what is checked: each rule our checker verifies on the result before it is given, with
 * the levels it applies to (a result breaking one is refused, naming the rule).
 */
export function PdfaChecks() {
  const t = useT();
  return (
    <section
      aria-labelledby="pdfa-checks-heading"
      className="mx-auto mt-12 max-w-3xl"
      data-testid="pdfa-checks"
    >
      <h2 id="pdfa-checks-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {t('tools.pdf-to-pdfa.checks.heading')}
      </h2>
      <p className="mt-3 text-slate-700">{t('tools.pdf-to-pdfa.checks.intro')}</p>
      <ul className="mt-6 space-y-3">
        {PDFA_RULES.map((rule) => (
          <li key={rule} className="rounded-2xl border border-slate-200 bg-white p-4 text-slate-700">
            <p>{t(`tools.pdf-to-pdfa.checks.rules.${rule}`)}</p>
            <p className="mt-1 text-sm text-slate-500">
              {LEVELS.filter((level) => rulesOf(level).includes(rule))
                .map((level) => `PDF/A-${level}`)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
