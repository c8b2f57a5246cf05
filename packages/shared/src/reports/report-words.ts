import ar from '../../../../content/reports/ar.json' with { type: 'json' };
import de from '../../../../content/reports/de.json' with { type: 'json' };
import en from '../../../../content/reports/en.json' with { type: 'json' };
import es from '../../../../content/reports/es.json' with { type: 'json' };
import fr from '../../../../content/reports/fr.json' with { type: 'json' };
import it from '../../../../content/reports/it.json' with { type: 'json' };
import ja from '../../../../content/reports/ja.json' with { type: 'json' };
import ko from '../../../../content/reports/ko.json' with { type: 'json' };
import pt from '../../../../content/reports/pt.json' with { type: 'json' };
import ru from '../../../../content/reports/ru.json' with { type: 'json' };
import zhCn from '../../../../content/reports/zh-cn.json' with { type: 'json' };
import zhTw from '../../../../content/reports/zh-tw.json' with { type: 'json' };
import type { Locale } from '../i18n/locales.ts';

/**
 * The words a tool writes into its result itself, in each of the site's languages (`content/reports/<locale>.json`):
 * Compare PDFs' report. Its own entry point (`@quire/shared/report-words`), which only the engine imports, so that no
 * page's scripts carry them. Placeholders are `{name}`, filled by `fillWords`; no plural is needed (figures stand
 * after a label).
 */
export type ReportWords = typeof en;

export const REPORT_WORDS: { readonly [L in Locale]: ReportWords } = {
  en,
  es,
  fr,
  de,
  ko,
  ja,
  'zh-cn': zhCn,
  'zh-tw': zhTw,
  pt,
  it,
  ru,
  ar,
};

/** A text with its `{name}` placeholders filled; a placeholder without a value stays as written. */
export function fillWords(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
