import {
  UNSAFE_createClientRoutes as createClientRoutes,
  type DataRouter,
  type UNSAFE_AssetsManifest as AssetsManifest,
  type UNSAFE_RouteModules as RouteModules,
} from 'react-router';

/** What this module reads of the globals React Router's framework mode writes into every page. */
export type RouterGlobals = {
  __reactRouterManifest?: AssetsManifest;
  __reactRouterRouteModules?: RouteModules;
  __reactRouterContext?: { ssr: boolean; isSpaMode: boolean };
  __reactRouterDataRouter?: DataRouter;
};

type ManifestRoutes = AssetsManifest['routes'];

/**
 * Splits the route table the page starts with: the routes of the page itself (those whose modules the page loaded
 * before hydration, React Router's `__reactRouterRouteModules`) stay, every other route is taken out and returned.
 * Hydration matches the page's address against the whole table twice, and compiles a pattern for every branch of
 * it: with the site's 47 routes (twice as many branches, for the optional language segment), hydration's first task
 * was the longest of every page's start after its first paint (about 20 ms in this machine's Chromium, unthrottled;
 * about 9 ms with the page's own 3 routes). The routes kept are those the prerender matched for this very page, so
 * hydration finds the same match.
 * A page that loaded only the root route (none of the site's pages) keeps the whole table.
 */
export function holdOtherRoutes(routes: ManifestRoutes, pageRouteIds: readonly string[]): ManifestRoutes {
  const held: ManifestRoutes = {};
  if (pageRouteIds.length < 2) return held;
  const kept = new Set(pageRouteIds);
  for (const id of Object.keys(routes)) {
    if (kept.has(id)) continue;
    held[id] = routes[id];
    delete routes[id];
  }
  return held;
}

/** The routes the held ones hang from that are not held themselves: where they are patched into the router. */
export function patchParents(held: ManifestRoutes): string[] {
  const parents = new Set<string>();
  for (const route of Object.values(held)) {
    if (route && route.parentId !== undefined && !held[route.parentId]) parents.add(route.parentId);
  }
  return [...parents];
}

/** Events that come before any navigation a visitor starts: the held routes are put back on the first of them. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * How often, and how far apart, an input waits for the router (hydration still running) before the routes can go
 * back; past that, the next input waits again.
 */
const ROUTER_WAIT_TRIES = 200;
const ROUTER_WAIT_MS = 50;

/**
 * Takes the other routes out of the page's route table before hydration, and puts them back (into the manifest and
 * the router, as React Router's own lazy route discovery does with the routes a server sends) on the visitor's first
 * pointer, touch, key or focus, or on a move through the history: before any navigation to another page can
 * start. Putting them back renders the page again in a transition, with the same state.
 */
export function holdRoutesUntilIntent(globals: RouterGlobals & Window = window): void {
  const manifest = globals.__reactRouterManifest;
  const modules = globals.__reactRouterRouteModules;
  const context = globals.__reactRouterContext;
  if (!manifest || !modules || !context) return;
  const held = holdOtherRoutes(manifest.routes, Object.keys(modules));
  if (Object.keys(held).length === 0) return;

  let state: 'held' | 'waiting' | 'back' = 'held';
  const putBack = (router: DataRouter) => {
    state = 'back';
    for (const type of INTENT_EVENTS) globals.removeEventListener(type, onIntent, true);
    globals.removeEventListener('popstate', onIntent, true);
    Object.assign(manifest.routes, held);
    for (const parentId of patchParents(held)) {
      router.patchRoutes(
        parentId,
        createClientRoutes(held, modules, null, context.ssr, context.isSpaMode, parentId),
      );
    }
  };
  const release = (tries: number) => {
    const router = globals.__reactRouterDataRouter;
    if (router) putBack(router);
    // Before hydration has made the router, links are plain links (the browser loads the next page itself).
    else if (tries > 0) setTimeout(() => release(tries - 1), ROUTER_WAIT_MS);
    else state = 'held';
  };
  const onIntent = () => {
    if (state !== 'held') return;
    state = 'waiting';
    release(ROUTER_WAIT_TRIES);
  };
  for (const type of INTENT_EVENTS)
    globals.addEventListener(type, onIntent, { capture: true, passive: true });
  // Registered before the router's own listener, so the routes are back before it reads the new address.
  globals.addEventListener('popstate', onIntent, { capture: true });
}
