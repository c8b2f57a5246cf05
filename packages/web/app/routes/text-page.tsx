import { LOCALE_INFO, splitLocale } from '@quire/shared';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { TEXT_PAGES, type TextPage } from '../content/content-schemas.ts';
import { loadTextPage } from '../content/load-content.ts';
import { headingsOf, isolateLtrRuns } from '../features/info/html-text.ts';
import { infoPageMeta, missingPageMeta } from '../features/info/info-page-meta.ts';
import { TextPageView, type TextPageData } from '../features/info/text-page-view.tsx';
import { inKnownLanguage, isKnownLanguage } from '../lib/language-param.ts';

const isTextPage = (slug: string): slug is TextPage => (TEXT_PAGES as readonly string[]).includes(slug);

/** Runs at build time: the page's text in its language (English where it is not translated yet), as HTML. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Under an unknown language the layout shows the not-found page (its prerendered variant has no text to load).
  if (!isKnownLanguage(params.lang)) return null;
  const { locale, rest } = splitLocale(new URL(request.url).pathname);
  const slug = rest.replace(/^\/+|\/+$/g, '');
  if (!isTextPage(slug)) throw new Response('Not Found', { status: 404 });
  const { title, description, lastUpdated, html, locale: textLocale } = await loadTextPage(slug, locale);
  const shownHtml = LOCALE_INFO[textLocale].dir === 'rtl' ? isolateLtrRuns(html) : html;
  return {
    title,
    description,
    lastUpdated,
    html: shownHtml,
    locale: textLocale,
    toc: headingsOf(shownHtml),
  } satisfies TextPageData & { description: string };
}

export const meta: MetaFunction<typeof loader> = inKnownLanguage(({ location, loaderData }) =>
  loaderData
    ? infoPageMeta({
        pathname: location.pathname,
        name: loaderData.title,
        description: loaderData.description,
      })
    : missingPageMeta(splitLocale(location.pathname).locale),
);

export default function TextPageRoute() {
  const data = useLoaderData<typeof loader>();
  if (!data) return null;
  const { description: _description, ...page } = data;
  return <TextPageView page={page} />;
}
