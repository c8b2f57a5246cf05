// Rewrites content/i18n/translation-backlog.json: the content files each language still lacks (blog posts, text
// pages, FAQ, help). Run it after adding translations; the content test fails while the list is out of date.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONTENT = join(dirname(fileURLToPath(import.meta.url)), '../content');
const LOCALES = ['en', 'es', 'fr', 'de', 'ko', 'ja', 'zh-cn', 'zh-tw', 'pt', 'it', 'ru', 'ar'];
const PAGES = ['privacy-policy', 'terms-of-service', 'cookie-policy', 'security', 'about'];
const slugs = readdirSync(join(CONTENT, 'blog')).sort();

const missing = LOCALES.flatMap((locale) =>
  [
    ...slugs.map((slug) => `blog/${slug}/${locale}.md`),
    ...PAGES.map((page) => `pages/${page}/${locale}.md`),
    `faq/${locale}.json`,
    `help/${locale}.json`,
  ].filter((file) => !existsSync(join(CONTENT, file))),
).sort();

writeFileSync(
  join(CONTENT, 'i18n/translation-backlog.json'),
  `${JSON.stringify(
    {
      $comment:
        'Content files not written yet. The content test fails when a file is missing and not listed here, or listed and present: run `node scripts/update-translation-backlog.mjs` after adding translations.',
      missing,
    },
    null,
    2,
  )}\n`,
);
console.log(`${missing.length} content files still to write`);
