import { getTranslator, type Translate } from './create-translator.ts';
import { useLocale } from './use-locale.ts';

/** The typed translate function of the current page's language. */
export function useT(): Translate {
  return getTranslator(useLocale()).t;
}
