/** `<link rel="stylesheet" href="…"/>` as React renders it into the prerendered pages. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)"\/>/g;

/**
 * Puts the content of each stylesheet a page links into a `<style>` element in its place, so the first paint needs
 * no second request, and drops the link: a link kept `disabled` was never applied, yet Chromium's preload scanner
 * fetched it at the highest priority on every page load (11.5 KB on the wire, beside the page's first paint). The
 * style element names its source (`data-href`), so the root leaves the link out in the browser as well
 * (`app/root.tsx`), and hydration, which passes over elements of the head it did not render, finds none missing.
 * `readStylesheet` gives a stylesheet's text by its href, or undefined to leave that link alone.
 */
export function inlineStylesheets(
  html: string,
  readStylesheet: (href: string) => string | undefined,
): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = readStylesheet(href);
    if (css === undefined) return link;
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style" and cannot be inlined`);
    return `<style data-href="${href}">${css.trim()}</style>`;
  });
}
