import type { BlogCategory } from '../../content/content-schemas.ts';
import { useT } from '../../i18n/use-t.ts';

/** One colour per category, text dark enough on its tint for small type (WCAG AA). */
const CATEGORY_COLORS: Readonly<Record<BlogCategory, string>> = {
  'pdf-tools': 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  reviews: 'bg-amber-50 text-amber-800 ring-amber-200',
  technical: 'bg-sky-50 text-sky-800 ring-sky-200',
  security: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  'how-to': 'bg-violet-50 text-violet-700 ring-violet-200',
  'future-tech': 'bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-200',
  productivity: 'bg-teal-50 text-teal-800 ring-teal-200',
  'best-practices': 'bg-rose-50 text-rose-700 ring-rose-200',
};

/** A post's category, named in the page's language. */
export function CategoryBadge({ category }: { category: BlogCategory }) {
  const t = useT();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${CATEGORY_COLORS[category]}`}
      data-testid="category-badge"
    >
      {t(`blog.categories.${category}`)}
    </span>
  );
}
