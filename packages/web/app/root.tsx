import { LOCALE_INFO } from '@quire/shared';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type LinksFunction } from 'react-router';
import stylesheet from './app.css?url';
import { EARLY_FILES_SCRIPT } from './features/upload/early-files.ts';
import { PendingFilesProvider } from './features/upload/pending-files.tsx';
import { useLocale } from './i18n/use-locale.ts';
import { BRAND_FONT_URL, usesBrandFont } from './lib/brand-font.ts';
import { FAVICON } from './lib/favicon.ts';

export const links: LinksFunction = () => [
  // A PNG (lib/favicon.ts): an SVG icon costs the page's start a document of its own.
  { rel: 'icon', href: `/${FAVICON.file}`, type: 'image/png', sizes: `${FAVICON.px}x${FAVICON.px}` },
  // The build copies the stylesheet into each page in place of its link (build-time/inline-stylesheets.ts): the
  // browser leaves the link out too, or hydration would add it, fetch the file and apply every rule a second time (a
  // full style and layout pass of the page, some 150 ms of main thread on a desktop).
  ...(isInlined(stylesheet) ? [] : [{ rel: 'stylesheet', href: stylesheet }]),
];

/** Whether this document holds a copy of the stylesheet at `href` (in the browser only: the build writes it). */
function isInlined(href: string): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector(`style[data-href="${CSS.escape(href)}"]`) !== null
  );
}

/** The document: `lang`, `dir` and the font come from the URL's language. */
export function Layout({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const info = LOCALE_INFO[locale];
  const hasBrandFont = usesBrandFont(locale);
  return (
    <html lang={info.tag} dir={info.dir} className={hasBrandFont ? 'font-brand' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        {hasBrandFont && (
          <link rel="preload" href={BRAND_FONT_URL} as="font" type="font/woff2" crossOrigin="anonymous" />
        )}
        <Meta />
        <Links />
        {/* Keeps files given to the page before its scripts run, and refuses stray drops from the first paint. */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_FILES_SCRIPT }} />
      </head>
      <body className="bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Above the pages of every language: files chosen on one page reach the next (another tool, another language). */
export default function App() {
  return (
    <PendingFilesProvider>
      <Outlet />
    </PendingFilesProvider>
  );
}
