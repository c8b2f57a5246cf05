/**
 * Makes a prerendered page paint before any of its JavaScript is fetched.
 *
 * React Router writes every module of the page as `<link rel="modulepreload">` in the head, and a module script
 * whose static imports start those downloads at once. On a slow mobile line they share the bandwidth with the page
 * and its font, and on a fast machine the framework's first tasks run before the browser has painted anything; yet
 * the page is complete HTML that needs no script to be read. So the preloads leave the head, and the boot script
 * waits until the first contentful paint is on the screen (its performance entry; measured in headless Chromium,
 * that came from 0.1 to 1 s after the frame was drawn, and Lighthouse then counted the scripts fetched in between as
 * needed for the first paint: 1.7 s instead of 1.0), then preloads the modules and imports them as before: the
 * visitor sees the page first, and hydration follows.
 *
 * The modules every route shares (the bundler's runtime, the framework, our shared code, the language's words) are
 * imported one per task first, each after those it imports (`importsOf`: a module's static imports, by href): a
 * module graph imported at once is evaluated in one task, the longest of a page's start (some 15 ms on a desktop,
 * over 100 ms on a slow phone), where the browser can neither paint nor answer a tap.
 */
export function bootAfterPaint(
  html: string,
  extraPreloads: readonly string[] = [],
  importsOf: (href: string) => readonly string[] = () => [],
): string {
  const preloads: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  const script = BOOT_SCRIPT.exec(withoutPreloads);
  if (!script?.groups) {
    if (preloads.length === 0) return html;
    throw new Error('the page preloads modules but has no React Router boot script this step understands');
  }
  const boot = parseBootScript(script.groups.code ?? '');
  const hrefs = [...new Set([...preloads, ...extraPreloads])];
  const ownImports = new Set([...boot.sideEffects, ...boot.routes.map(({ href }) => href), boot.entry]);
  const shared = inImportOrder(
    hrefs.filter((href) => !ownImports.has(href)),
    importsOf,
  );
  const code = [
    // The first contentful paint's entry is given once that frame is on the screen, which can be well after the
    // frame was drawn; a browser without paint entries boots after the next frame, and so does a page whose first
    // paint has not shown after 3 s (a timer the paint entry clears, so that nothing of the boot runs again later). A
    // page opened in a background tab gets no frame until it is shown: it boots on a timer instead.
    "await new Promise((go) => { if (document.visibilityState === 'hidden') return setTimeout(go); const frame = () => requestAnimationFrame(() => setTimeout(go)); if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return frame(); const late = setTimeout(() => { shown.disconnect(); frame(); }, 3000); const shown = new PerformanceObserver((list) => { if (list.getEntriesByName('first-contentful-paint').length > 0) { shown.disconnect(); clearTimeout(late); setTimeout(go); } }); shown.observe({ type: 'paint', buffered: true }); });",
    `for (const href of ${JSON.stringify(hrefs)}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }`,
    ...(shared.length > 0
      ? [
          // One that fails to load (a language's words the network refused) stops nothing: the entry loads English.
          `for (const href of ${JSON.stringify(shared)}) { await import(href).catch(() => undefined); await new Promise((go) => setTimeout(go)); }`,
        ]
      : []),
    ...boot.sideEffects.map((href) => `await import(${JSON.stringify(href)});`),
    `const [${boot.routes.map(({ name }) => name).join(', ')}] = await Promise.all([${boot.routes
      .map(({ href }) => `import(${JSON.stringify(href)})`)
      .join(', ')}]);`,
    boot.assignment,
    `import(${JSON.stringify(boot.entry)});`,
  ].join('\n');
  const start = script.index + script[0].indexOf('>') + 1;
  return (
    withoutPreloads.slice(0, start) + code + withoutPreloads.slice(start + (script.groups.code ?? '').length)
  );
}

/**
 * `hrefs` ordered so that each comes after the ones it imports (directly or not) among them, otherwise as given; an
 * import cycle keeps the given order for its members.
 */
export function inImportOrder(
  hrefs: readonly string[],
  importsOf: (href: string) => readonly string[],
): string[] {
  const among = new Set(hrefs);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (href: string) => {
    if (ordered.includes(href) || visiting.has(href)) return;
    visiting.add(href);
    for (const imported of importsOf(href)) if (among.has(imported)) visit(imported);
    visiting.delete(href);
    ordered.push(href);
  };
  for (const href of hrefs) visit(href);
  return ordered;
}

const BOOT_SCRIPT = /<script type="module" async="">(?<code>[^<]*?import\("[^"]+"\);\s*)<\/script>/;

type BootScript = {
  /** Modules imported for their effect only (the route manifest). */
  readonly sideEffects: string[];
  /** `import * as route0 from "…"`: the route modules, by the names the assignment uses. */
  readonly routes: Array<{ name: string; href: string }>;
  /** `window.__reactRouterRouteModules = {…};` */
  readonly assignment: string;
  /** The client entry, imported last. */
  readonly entry: string;
};

/** Reads React Router's boot script; anything it does not recognise is an error, not a silent change. */
export function parseBootScript(code: string): BootScript {
  const sideEffects: string[] = [];
  const routes: Array<{ name: string; href: string }> = [];
  let assignment = '';
  let entry = '';
  for (const statement of code.split('\n').map((line) => line.trim())) {
    if (statement === '') continue;
    const sideEffect = /^import "([^"]+)";$/.exec(statement);
    const route = /^import \* as (route\d+) from "([^"]+)";$/.exec(statement);
    const entryImport = /^import\("([^"]+)"\);$/.exec(statement);
    if (sideEffect?.[1]) sideEffects.push(sideEffect[1]);
    else if (route?.[1] && route[2]) routes.push({ name: route[1], href: route[2] });
    else if (/^window\.__reactRouterRouteModules = \{[^;]*\};$/.test(statement)) assignment = statement;
    else if (entryImport?.[1]) entry = entryImport[1];
    else throw new Error(`unexpected statement in React Router's boot script: ${statement.slice(0, 120)}`);
  }
  if (assignment === '' || entry === '')
    throw new Error("React Router's boot script lacks its route modules or entry");
  return { sideEffects, routes, assignment, entry };
}

/** The relative static imports of a built ES module (`import … from"./x.js"`, `import"./y.js"`). */
export function staticImportsOf(code: string): string[] {
  const imports = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g)) {
    if (match[1]) imports.add(match[1].slice(2));
  }
  return [...imports];
}
