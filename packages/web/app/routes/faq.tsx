import { LOCALE_INFO, splitLocale } from '@quire/shared';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { FAQ_CATEGORIES } from '../content/content-schemas.ts';
import { loadFaq } from '../content/load-content.ts';
import { FaqPage, type FaqData } from '../features/info/faq-page.tsx';
import { htmlToText, isolateLtrRuns } from '../features/info/html-text.ts';
import { infoPageMeta } from '../features/info/info-page-meta.ts';
import { getTranslator } from '../i18n/create-translator.ts';
import { inKnownLanguage } from '../lib/language-param.ts';
import { faqPageNode } from '../lib/structured-data.ts';

/**
 * Runs at build time: the questions in the page's language (English where they are not translated yet), in the
 * order of the categories, with what the page needs and no more.
 */
export async function loader({ request }: LoaderFunctionArgs): Promise<FaqData> {
  const faq = await loadFaq(splitLocale(new URL(request.url).pathname).locale);
  const isRtl = LOCALE_INFO[faq.locale].dir === 'rtl';
  const items = FAQ_CATEGORIES.flatMap((category) => faq.items.filter((item) => item.category === category));
  return {
    locale: faq.locale,
    items: items.map(({ id, category, question, answerHtml, keywords }) => ({
      id,
      category,
      question,
      keywords,
      answerHtml: isRtl ? isolateLtrRuns(answerHtml) : answerHtml,
    })),
  };
}

/** Title, description and an FAQPage of every question with its answer as plain text. */
export const meta: MetaFunction<typeof loader> = inKnownLanguage(({ location, loaderData }) => {
  const { t } = getTranslator(splitLocale(location.pathname).locale);
  const items = loaderData?.items ?? [];
  return infoPageMeta({
    pathname: location.pathname,
    name: t('info.faq.title'),
    description: t('info.faq.description'),
    jsonLd:
      loaderData && items.length > 0
        ? [
            faqPageNode(
              loaderData.locale,
              location.pathname,
              items.map((item) => ({ question: item.question, answer: htmlToText(item.answerHtml) })),
            ),
          ]
        : [],
  });
});

export default function FaqRoute() {
  return <FaqPage faq={useLoaderData<typeof loader>()} />;
}
