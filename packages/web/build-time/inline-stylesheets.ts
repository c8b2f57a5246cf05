/** `<link rel="stylesheet" href="…"/>` as React renders it into the prerendered pages. */
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+)"\/>/g;

/**
 * Puts the content of each stylesheet a page links into a `<style>` element in its place, so the first paint needs
 * no second request. The `<link>` stays, `disabled` (never applied, though Chromium's preload scanner still fetches
 * it), because React hydrates the head it rendered and expects it there; the root renders it disabled in the
 * browser too (`app/root.tsx`), or hydration would turn it on. `readStylesheet` gives a stylesheet's text by its
 * href, or undefined to leave that link alone.
 */
export function inlineStylesheets(
  html: string,
  readStylesheet: (href: string) => string | undefined,
): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = readStylesheet(href);
    if (css === undefined) return link;
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style" and cannot be inlined`);
    return `<style>${css.trim()}</style><link rel="stylesheet" href="${href}" disabled=""/>`;
  });
}
