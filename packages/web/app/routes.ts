import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { PAGE_ALIASES, SITE_TOOL_IDS, TOOLS } from '@quire/shared';
import { TEXT_PAGES } from './content/content-schemas.ts';

/**
 * One branch of pages under an optional language segment: `/merge-pdf` is English, `/de/merge-pdf` German. The
 * browser receives this table (React Router's route manifest) and matches every path against it while the page
 * hydrates: one branch instead of one per language is a twelfth of the table and of that work.
 *
 * The router reads any first segment as a language, so `/xx/merge-pdf` matches the merge page with `lang` "xx":
 * the layout shows the English not-found page wherever `lang` is no language of the site (`language-param.ts`),
 * and the server answers such a path with the not-found page prerendered for the same route (`not-found-paths.ts`).
 * Unknown paths of a language fall into its splat route.
 */
export default [
  route(':lang?', 'routes/layout.tsx', { id: 'layout' }, [
    index('routes/home.tsx', { id: 'home' }),
    ...SITE_TOOL_IDS.map((toolId) => route(TOOLS[toolId].slug, 'routes/tool.tsx', { id: `tool/${toolId}` })),
    route('status', 'routes/status.tsx', { id: 'status' }),
    route('api-docs', 'routes/api-docs.tsx', { id: 'api-docs' }),
    route('help-center', 'routes/help-center.tsx', { id: 'help-center' }),
    ...Object.keys(PAGE_ALIASES).map((alias) => route(alias, 'routes/help-center.tsx', { id: alias })),
    route('faq', 'routes/faq.tsx', { id: 'faq' }),
    ...TEXT_PAGES.map((page) => route(page, 'routes/text-page.tsx', { id: `page/${page}` })),
    route('blog', 'routes/blog.tsx', { id: 'blog' }),
    route('blog/:slug', 'routes/blog-post.tsx', { id: 'blog-post' }),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
] satisfies RouteConfig;
