import { pagePath } from '@quire/shared';
import { Link } from 'react-router';
import { HydrateLater } from '../../components/hydrate-later.tsx';
import { ArrowBackIcon, CalendarIcon } from '../../components/icons.tsx';
import { markAsPageText } from '../../i18n/isolate-values.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { useT } from '../../i18n/use-t.ts';
import { CategoryBadge } from './category-badge.tsx';
import { TagList } from './post-card.tsx';
import type { PostDetails, PostSummary } from './post-summary.ts';
import { ReadTime } from './read-time.tsx';
import { RelatedPosts } from './related-posts.tsx';
import { ShareButton } from './share-button.tsx';

/** A blog post: its facts, the article, and other posts of its category (hydrated after the article). */
export function BlogPostPage({ post, related }: { post: PostDetails; related: readonly PostSummary[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-20 sm:px-6">
      <Link
        to={pagePath(locale, 'blog')}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg text-sm font-medium text-slate-600 hover:text-indigo-700 focus-visible:outline-3 focus-visible:outline-indigo-600"
        data-testid="back-to-blog"
      >
        <ArrowBackIcon className="size-4" />
        {t('blog.post.back')}
      </Link>

      <article lang={post.lang} className="mx-auto mt-6 max-w-3xl" data-testid="blog-post">
        <header>
          <div className="flex flex-wrap items-center gap-3">
            <CategoryBadge category={post.category} />
            <ReadTime minutes={post.readTime} />
          </div>
          <h1 className="mt-4 text-3xl leading-tight font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {post.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-600">{post.excerpt}</p>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
              <span className="font-medium text-slate-900" data-testid="post-author">
                {t('blog.post.byline', { author: markAsPageText(post.author) })}
              </span>
              <span className="inline-flex items-center gap-1.5">
                <CalendarIcon className="size-4 shrink-0 text-slate-500" />
                <span className="sr-only">{t('blog.post.publishedOn')}</span>
                <time dateTime={post.publishDate} data-testid="post-date">
                  {post.publishDateText}
                </time>
              </span>
            </div>
            <ShareButton title={post.title} excerpt={post.excerpt} />
          </div>
          <TagList tags={post.tags} className="mt-4" />
        </header>

        <div
          className="rich-text mt-10"
          data-testid="post-body"
          // Our own Markdown, rendered at build time; raw HTML in it is escaped (renderMarkdown).
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      </article>

      <HydrateLater>
        <RelatedPosts posts={related} />
      </HydrateLater>
    </div>
  );
}
