import { blogPostPath, homePath, splitLocale } from '@quire/shared';
import { BLOG_CATEGORIES } from '../content/content-schemas.ts';
import { loadBlogIndex } from '../content/load-content.ts';
import { BlogListing } from '../features/blog/blog-listing.tsx';
import { categoriesOf } from '../features/blog/filter-posts.ts';
import { summarizePost } from '../features/blog/post-summary.ts';
import { getTranslator } from '../i18n/create-translator.ts';
import { inKnownLanguage } from '../lib/language-param.ts';
import { pageMeta } from '../lib/seo.ts';
import { blogNode } from '../lib/structured-data.ts';
import type { Route } from './+types/blog';

/** Runs at build time: every post's card (no bodies), newest first, and the categories they use. */
export async function loader({ request }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const posts = await loadBlogIndex(locale);
  return {
    posts: posts.map((post) => summarizePost(post, locale)),
    categories: categoriesOf(posts, BLOG_CATEGORIES),
  };
}

function metaOf({ location, loaderData }: Route.MetaArgs) {
  const { locale } = splitLocale(location.pathname);
  const { t } = getTranslator(locale);
  const title = t('blog.seo.listingTitle');
  const description = t('blog.seo.listingDescription');
  const name = t('blog.listing.title');
  return pageMeta({
    pathname: location.pathname,
    title,
    description,
    headline: name,
    parents: [{ name: t('seo.breadcrumb.home'), path: homePath(locale) }],
    jsonLd: [
      blogNode(
        locale,
        name,
        description,
        (loaderData?.posts ?? []).map((post) => ({
          path: blogPostPath(locale, post.slug),
          headline: post.title,
          datePublished: post.publishDate,
        })),
      ),
    ],
  });
}

export const meta = inKnownLanguage(metaOf);

export default function BlogRoute({ loaderData }: Route.ComponentProps) {
  return <BlogListing posts={loaderData.posts} categories={loaderData.categories} />;
}
