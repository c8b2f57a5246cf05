import { blogPostPath } from '@quire/shared';
import { Link } from 'react-router';
import { ArrowForwardIcon } from '../../components/icons.tsx';
import { markAsPageText } from '../../i18n/isolate-values.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { CategoryBadge } from './category-badge.tsx';
import type { PostSummary } from './post-summary.ts';

/** Up to three other posts of the same category; nothing at all when there are none. */
export function RelatedPosts({ posts }: { posts: readonly PostSummary[] }) {
  const t = useT();
  const locale = useLocale();
  if (posts.length === 0) return null;
  return (
    <section
      aria-labelledby="related-heading"
      className="mt-16 border-t border-slate-200 pt-10"
      data-testid="related-posts"
    >
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {t('blog.post.related')}
      </h2>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug}>
            <article
              lang={post.lang}
              className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md motion-reduce:transition-none"
              data-testid={`related-${post.slug}`}
            >
              <div>
                <CategoryBadge category={post.category} />
              </div>
              <h3 className="mt-3 text-base leading-snug font-semibold text-slate-900 group-hover:text-indigo-700">
                {post.title}
              </h3>
              <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-slate-600">{post.excerpt}</p>
              <Link
                to={blogPostPath(locale, post.slug)}
                className="mt-auto inline-flex min-h-11 items-center gap-1.5 self-start rounded-md pt-3 text-sm font-semibold text-indigo-700 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                data-testid="related-read-more"
              >
                {t('blog.readMore')}
                <span className="sr-only">
                  {t('blog.readMoreTitle', { title: markAsPageText(post.title) })}
                </span>
                <ArrowForwardIcon className="size-4" />
              </Link>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
