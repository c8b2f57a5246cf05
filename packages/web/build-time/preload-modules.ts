/**
 * Adds `<link rel="modulepreload">` for each href the page does not preload yet, before its first module preload
 * (or at the end of the head), so the browser fetches them in parallel with the entry instead of after it.
 */
export function preloadModules(html: string, hrefs: readonly string[]): string {
  const missing = hrefs.filter((href) => !html.includes(`<link rel="modulepreload" href="${href}"/>`));
  if (missing.length === 0) return html;
  const links = missing.map((href) => `<link rel="modulepreload" href="${href}"/>`).join('');
  const at = html.indexOf('<link rel="modulepreload"');
  const position = at >= 0 ? at : html.indexOf('</head>');
  if (position < 0) throw new Error('the page has no </head>');
  return html.slice(0, position) + links + html.slice(position);
}

/** The relative static imports of a built ES module (`import … from"./x.js"`, `import"./y.js"`). */
export function staticImportsOf(code: string): string[] {
  const imports = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g)) {
    if (match[1]) imports.add(match[1].slice(2));
  }
  return [...imports];
}
