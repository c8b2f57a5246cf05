import { splitLocale, type Locale } from '@quire/shared';
import { useLocation } from 'react-router';

/** The language of the current page: the first path segment, English when there is none. */
export function useLocale(): Locale {
  return splitLocale(useLocation().pathname).locale;
}
