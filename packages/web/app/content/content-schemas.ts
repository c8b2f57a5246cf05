import { SITE_TOOL_IDS } from '@quire/shared';
import * as v from 'valibot';

/**
 * The shapes of the content files under `content/`, checked when the site is built (a file that does not fit stops
 * the build with the file's name and the field at fault) and by `npm test`.
 */
export const BLOG_CATEGORIES = [
  'pdf-tools',
  'reviews',
  'technical',
  'security',
  'how-to',
  'future-tech',
  'productivity',
  'best-practices',
] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

export const FAQ_CATEGORIES = [
  'merging',
  'splitting',
  'compression',
  'conversion',
  'images',
  'editor',
  'security',
  'technical',
] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** The informational pages written as Markdown under `content/pages/<doc>/<locale>.md`. */
export const TEXT_PAGES = [
  'privacy-policy',
  'terms-of-service',
  'cookie-policy',
  'security',
  'about',
] as const;
export type TextPage = (typeof TEXT_PAGES)[number];

const text = v.pipe(v.string(), v.trim(), v.minLength(1));
const isoDate = v.pipe(
  v.union([v.string(), v.date()]),
  v.transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value)),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD'),
);

export const BlogPostMetaSchema = v.strictObject({
  id: v.pipe(v.string(), v.regex(/^\d+$/)),
  slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)),
  title: text,
  excerpt: text,
  publishDate: isoDate,
  readTime: v.pipe(v.number(), v.integer(), v.minValue(1)),
  category: v.picklist(BLOG_CATEGORIES),
  tags: v.pipe(v.array(text), v.minLength(1), v.maxLength(8)),
  author: text,
  seoTitle: v.pipe(text, v.maxLength(70)),
  metaDescription: v.pipe(text, v.maxLength(200)),
});
export type BlogPostMeta = v.InferOutput<typeof BlogPostMetaSchema>;

export const FaqFileSchema = v.strictObject({
  items: v.pipe(
    v.array(
      v.strictObject({
        id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)),
        category: v.picklist(FAQ_CATEGORIES),
        question: text,
        answer: text,
        keywords: v.array(text),
      }),
    ),
    v.minLength(1),
  ),
});
export type FaqFile = v.InferOutput<typeof FaqFileSchema>;
export type FaqItem = FaqFile['items'][number];

export const HelpFileSchema = v.strictObject({
  title: text,
  intro: text,
  guides: v.array(
    v.strictObject({
      toolId: v.picklist(SITE_TOOL_IDS),
      title: text,
      steps: v.pipe(v.array(text), v.minLength(1)),
      tips: v.array(text),
    }),
  ),
  benefits: v.array(
    v.strictObject({ id: v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)), title: text, body: text }),
  ),
  backToTools: text,
});
export type HelpFile = v.InferOutput<typeof HelpFileSchema>;

export const TextPageMetaSchema = v.strictObject({
  title: text,
  description: v.pipe(text, v.maxLength(200)),
  lastUpdated: isoDate,
});
export type TextPageMeta = v.InferOutput<typeof TextPageMetaSchema>;

/** Parses `value` against `schema`, or throws an error naming the file and every field at fault. */
export function parseContent<S extends v.GenericSchema>(
  schema: S,
  value: unknown,
  file: string,
): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`);
  throw new Error(`${file} does not fit its schema:\n  ${problems.join('\n  ')}`);
}
