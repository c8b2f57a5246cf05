import { LOCALE_INFO, LOCALES, type Locale } from '@quire/shared';
import { FieldFrame, fieldBorder } from '../../../components/field-frame.tsx';
import { useT } from '../../../i18n/use-t.ts';
import type { ToolOptionsProps } from './index.ts';

/**
 * Compare PDF's form: the language the report is written in, a list of the site's languages each named in itself
 * (a choice of twelve cards would push the action off the screen), starting at the page's (`formStartValues`).
 */
export function CompareOptions({ values, disabled, onChange }: ToolOptionsProps) {
  const t = useT();
  const value = values.reportLanguage ?? 'en';
  return (
    <div className="mt-6" data-testid="tool-options">
      <FieldFrame
        label={t('tools.compare.options.reportLanguageLabel')}
        hint={t('tools.compare.options.reportLanguageHint')}
        error={null}
        testId="compare-reportLanguage"
      >
        {(control) => (
          <select
            {...control}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange({ ...values, reportLanguage: event.target.value })}
            className={`mt-2 block min-h-11 w-full rounded-xl border bg-white px-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60 ${fieldBorder(null)}`}
          >
            {LOCALES.map((locale: Locale) => (
              <option
                key={locale}
                value={locale}
                lang={LOCALE_INFO[locale].tag}
                dir={LOCALE_INFO[locale].dir}
              >
                {LOCALE_INFO[locale].name}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </div>
  );
}
