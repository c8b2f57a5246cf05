import { blogPostPath } from '@quire/shared';
import { Link } from 'react-router';
import { ArrowForwardIcon, CalendarIcon } from '../../components/icons.tsx';
import { markAsPageText } from '../../i18n/isolate-values.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { CategoryBadge } from './category-badge.tsx';
import type { PostSummary } from './post-summary.ts';
import { ReadTime } from './read-time.tsx';

/**
 * A post in the listing: category, read time, title, excerpt, tags, date and "Read More". A click anywhere on the
 * card follows the link; the link itself is the card's one tab stop and names the post to screen readers.
 */
export function PostCard({ post }: { post: PostSummary }) {
  const t = useT();
  const locale = useLocale();
  return (
    <article
      lang={post.lang}
      data-testid={`post-card-${post.slug}`}
      className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-indigo-300 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CategoryBadge category={post.category} />
        <ReadTime minutes={post.readTime} />
      </div>
      <h2
        className="mt-4 text-lg leading-snug font-semibold text-slate-900 group-hover:text-indigo-700"
        data-testid="post-card-title"
      >
        {post.title}
      </h2>
      <p className="mt-2 line-clamp-4 text-sm leading-relaxed text-slate-600">{post.excerpt}</p>
      <TagList tags={post.tags} className="mt-4" />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
        <time dateTime={post.publishDate} className="inline-flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarIcon className="size-4 shrink-0 text-slate-500" />
          {post.publishDateText}
        </time>
        <Link
          to={blogPostPath(locale, post.slug)}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-md text-sm font-semibold text-indigo-700 after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          data-testid="read-more"
        >
          {t('blog.readMore')}
          <span className="sr-only">{t('blog.readMoreTitle', { title: markAsPageText(post.title) })}</span>
          <ArrowForwardIcon className="size-4" />
        </Link>
      </div>
    </article>
  );
}

/** A post's tags as small labels. */
export function TagList({ tags, className = '' }: { tags: readonly string[]; className?: string }) {
  const t = useT();
  return (
    <ul aria-label={t('blog.post.tagsLabel')} className={`flex flex-wrap gap-1.5 ${className}`}>
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
          data-testid="tag"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
