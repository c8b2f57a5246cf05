import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { DEFAULT_LOCALE, LOCALES, PAGE_ALIASES, TOOL_IDS, TOOLS, type Locale } from '@quire/shared';
import { TEXT_PAGES } from './content/content-schemas.ts';

/**
 * One branch per language, built from the shared lists: English unprefixed, every other language under its
 * code. Unknown paths fall into the splat route of their language, so the prerendered not-found page of a
 * language hydrates with exactly the routes any unknown path of that language matches.
 */
function localeBranch(locale: Locale) {
  const children = [
    index('routes/home.tsx', { id: `${locale}/home` }),
    ...TOOL_IDS.map((toolId) =>
      route(TOOLS[toolId].slug, 'routes/tool.tsx', { id: `${locale}/tool/${toolId}` }),
    ),
    route('status', 'routes/status.tsx', { id: `${locale}/status` }),
    route('api-docs', 'routes/api-docs.tsx', { id: `${locale}/api-docs` }),
    route('help-center', 'routes/help-center.tsx', { id: `${locale}/help-center` }),
    ...Object.keys(PAGE_ALIASES).map((alias) =>
      route(alias, 'routes/help-center.tsx', { id: `${locale}/${alias}` }),
    ),
    route('faq', 'routes/faq.tsx', { id: `${locale}/faq` }),
    ...TEXT_PAGES.map((page) => route(page, 'routes/text-page.tsx', { id: `${locale}/page/${page}` })),
    route('blog', 'routes/blog.tsx', { id: `${locale}/blog` }),
    route('blog/:slug', 'routes/blog-post.tsx', { id: `${locale}/blog-post` }),
    route('*', 'routes/not-found.tsx', { id: `${locale}/not-found` }),
  ];
  return locale === DEFAULT_LOCALE
    ? layout('routes/layout.tsx', { id: `${locale}/layout` }, children)
    : route(locale, 'routes/layout.tsx', { id: `${locale}/layout` }, children);
}

export default LOCALES.map(localeBranch) satisfies RouteConfig;
