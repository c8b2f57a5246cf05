import { pagePath, splitLocale } from '@quire/shared';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { loadHelp } from '../content/load-content.ts';
import { HelpCenterPage } from '../features/info/help-center-page.tsx';
import { infoPageMeta } from '../features/info/info-page-meta.ts';
import { getTranslator } from '../i18n/create-translator.ts';
import { inKnownLanguage } from '../lib/language-param.ts';

/** Runs at build time: the page's language's help content (English where it is not translated yet). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadHelp(splitLocale(new URL(request.url).pathname).locale);
}

/**
 * This module serves `/help-center` and its alias `/lp-center` (`PAGE_ALIASES`). Both get the help center's head:
 * canonical, alternates, share image and breadcrumb all name `/help-center` of the page's language, so search
 * engines count the two addresses as one page.
 */
export const meta: MetaFunction<typeof loader> = inKnownLanguage(({ location, loaderData }) => {
  const { locale } = splitLocale(location.pathname);
  const pathname = pagePath(locale, 'help-center');
  const { t } = getTranslator(locale);
  return infoPageMeta({
    pathname,
    name: loaderData?.title ?? t('common.footer.helpCenter'),
    description: t('info.help.description'),
  });
});

export default function HelpCenterRoute() {
  return <HelpCenterPage help={useLoaderData<typeof loader>()} />;
}
