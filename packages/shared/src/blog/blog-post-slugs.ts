/**
 * The ten blog posts of spec section 3, by slug, in the order of their ids ('1'..'10'). Slugs are English in every
 * language. Each has a folder `content/blog/<slug>/` with one Markdown file per language (a test checks the two
 * lists agree); the prerender, the sitemap and the share images read this list.
 */
export const BLOG_POST_SLUGS = [
  'how-to-merge-pdf-files-online',
  'best-free-pdf-tools-2025',
  'pdf-compression-techniques-explained',
  'how-to-convert-pdf-to-word-safely',
  'why-security-matters-online-pdf-tools',
  'tips-splitting-large-pdf-files',
  'future-online-pdf-editors-trends',
  'top-5-pdf-tools-students-professionals',
  'common-mistakes-avoid-editing-pdf-files',
  'how-to-convert-images-to-pdf-quickly',
] as const;

export type BlogPostSlug = (typeof BLOG_POST_SLUGS)[number];

export function isBlogPostSlug(value: unknown): value is BlogPostSlug {
  return typeof value === 'string' && (BLOG_POST_SLUGS as readonly string[]).includes(value);
}
