import type { DataRouter, UNSAFE_AssetsManifest as AssetsManifest } from 'react-router';
import { describe, expect, it } from 'vitest';
import { holdOtherRoutes, holdRoutesUntilIntent, patchParents, type RouterGlobals } from './held-routes.ts';

type Routes = AssetsManifest['routes'];

/** A route of React Router's manifest as its build writes it (no loaders: the site is prerendered). */
function route(id: string, parentId: string | undefined, path?: string): Routes[string] {
  return {
    id,
    parentId,
    path,
    index: path === undefined && parentId !== undefined ? true : undefined,
    module: `/assets/${id.replace('/', '-')}.js`,
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
}

function siteRoutes(): Routes {
  return {
    root: route('root', undefined, ''),
    layout: route('layout', 'root', ':lang?'),
    home: route('home', 'layout'),
    'tool/merge': route('tool/merge', 'layout', 'merge-pdf'),
    'tool/split': route('tool/split', 'layout', 'split-pdf'),
    'blog-post': route('blog-post', 'layout', 'blog/:slug'),
  };
}

describe('holdOtherRoutes', () => {
  it("keeps the page's own routes in the table and returns the others", () => {
    const routes = siteRoutes();
    const held = holdOtherRoutes(routes, ['root', 'layout', 'tool/merge']);
    expect(Object.keys(routes)).toEqual(['root', 'layout', 'tool/merge']);
    expect(Object.keys(held)).toEqual(['home', 'tool/split', 'blog-post']);
    expect(patchParents(held)).toEqual(['layout']);
  });

  it('keeps the whole table for a page that loaded the root route only', () => {
    const routes = siteRoutes();
    expect(holdOtherRoutes(routes, ['root'])).toEqual({});
    expect(Object.keys(routes)).toHaveLength(6);
  });

  it('patches a held branch in at its first parent the page has, not at each of its routes', () => {
    const held: Routes = {
      docs: route('docs', 'layout', 'docs'),
      'docs/page': route('docs/page', 'docs', ':page'),
      other: route('other', 'root', 'other'),
    };
    expect(patchParents(held).sort()).toEqual(['layout', 'root']);
  });
});

/** A window as far as the module reads it: events, React Router's globals, and the router once hydration made it. */
function fakeWindow() {
  const patched: Array<{ parentId: string | null; ids: string[] }> = [];
  const router = {
    patchRoutes: (parentId: string | null, children: Array<{ id: string }>) =>
      patched.push({ parentId, ids: children.map((child) => child.id) }),
  } as unknown as DataRouter;
  const target = new EventTarget() as EventTarget & RouterGlobals;
  target.__reactRouterManifest = { routes: siteRoutes() } as AssetsManifest;
  target.__reactRouterRouteModules = {
    root: {},
    layout: {},
    'tool/merge': {},
  } as unknown as RouterGlobals['__reactRouterRouteModules'];
  target.__reactRouterContext = { ssr: false, isSpaMode: false };
  return { target, router, patched, globals: target as unknown as RouterGlobals & Window };
}

describe('holdRoutesUntilIntent', () => {
  it('puts the routes back into the manifest and the router on the first input, once', () => {
    const { target, router, patched, globals } = fakeWindow();
    holdRoutesUntilIntent(globals);
    expect(Object.keys(target.__reactRouterManifest?.routes ?? {})).toHaveLength(3);
    target.__reactRouterDataRouter = router;
    target.dispatchEvent(new Event('pointerdown'));
    target.dispatchEvent(new Event('keydown'));
    expect(Object.keys(target.__reactRouterManifest?.routes ?? {})).toHaveLength(6);
    expect(patched).toEqual([{ parentId: 'layout', ids: ['home', 'tool/split', 'blog-post'] }]);
  });

  it('puts them back on a move through the history too', () => {
    const { target, router, patched, globals } = fakeWindow();
    holdRoutesUntilIntent(globals);
    target.__reactRouterDataRouter = router;
    target.dispatchEvent(new Event('popstate'));
    expect(patched).toHaveLength(1);
  });

  it('waits for the router when the input comes before hydration made it', async () => {
    const { target, router, patched, globals } = fakeWindow();
    holdRoutesUntilIntent(globals);
    target.dispatchEvent(new Event('touchstart'));
    expect(patched).toHaveLength(0);
    target.__reactRouterDataRouter = router;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(patched).toHaveLength(1);
  });
});
