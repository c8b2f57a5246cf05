import { blogPostPath, homePath, isBlogPostSlug, pagePath, splitLocale } from '@quire/shared';
import { isRouteErrorResponse } from 'react-router';
import { loadBlogIndex, loadBlogPost } from '../content/load-content.ts';
import { BlogPostPage } from '../features/blog/blog-post-page.tsx';
import { PostNotFound } from '../features/blog/post-not-found.tsx';
import { detailPost, relatedPosts, summarizePost } from '../features/blog/post-summary.ts';
import { getTranslator } from '../i18n/create-translator.ts';
import { inKnownLanguage } from '../lib/language-param.ts';
import { noIndexMeta, pageMeta } from '../lib/seo.ts';
import { shareImagePath } from '../lib/share-image.ts';
import { blogPostingNode } from '../lib/structured-data.ts';
import type { Route } from './+types/blog-post';

/**
 * Runs at build time, for each post and once per language for a slug that is no post (`/blog/__404`): that page
 * is what the server answers every unknown `/blog/<slug>` with, under HTTP 404, and it hydrates as it was rendered.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const found = isBlogPostSlug(params.slug) ? await loadBlogPost(params.slug, locale) : null;
  if (!found) return { post: null, related: [] };
  const index = await loadBlogIndex(locale);
  return {
    post: detailPost(found, locale),
    related: relatedPosts(found, index).map((post) => summarizePost(post, locale)),
  };
}

function metaOf({ location, loaderData }: Route.MetaArgs) {
  const { locale } = splitLocale(location.pathname);
  const { t } = getTranslator(locale);
  const post = loaderData?.post;
  if (!post) return noIndexMeta(t('blog.seo.notFoundTitle'), t('blog.notFound.body'));
  const path = blogPostPath(locale, post.slug);
  return [
    ...pageMeta({
      pathname: location.pathname,
      title: post.seoTitle,
      description: post.metaDescription,
      headline: post.title,
      parents: [
        { name: t('seo.breadcrumb.home'), path: homePath(locale) },
        { name: t('blog.listing.title'), path: pagePath(locale, 'blog') },
      ],
      jsonLd: [
        blogPostingNode({
          locale,
          path,
          headline: post.title,
          description: post.metaDescription,
          datePublished: post.publishDate,
          author: { name: post.author, type: 'Organization' },
          keywords: post.tags,
          image: shareImagePath(path),
        }),
      ],
      article: { publishedTime: post.publishDate, author: post.author, tags: post.tags },
    }),
    { name: 'keywords', content: post.tags.join(', ') },
  ];
}

export const meta = inKnownLanguage(metaOf);

export default function BlogPostRoute({ loaderData }: Route.ComponentProps) {
  return loaderData.post ? (
    <BlogPostPage post={loaderData.post} related={loaderData.related} />
  ) : (
    <PostNotFound />
  );
}

/**
 * A client-side navigation to a slug that is no post asks the server for its data and gets a 404: the same page
 * as a direct visit. Any other failure is not ours to explain here.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <PostNotFound />;
  throw error;
}
