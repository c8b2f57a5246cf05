import { describe, expect, it } from 'vitest';
import { bootAfterPaint, inImportOrder, parseBootScript, staticImportsOf } from './boot-after-paint.ts';

// The shape React Router 7 writes into a prerendered page.
const PAGE =
  '<html><head><title>t</title><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-2.js"/><link rel="modulepreload" href="/assets/root-3.js"/>' +
  '<style>p{}</style></head><body><p>text</p><script>window.__reactRouterContext = {};</script>' +
  '<script type="module" async="">import "/assets/manifest-1.js";\n' +
  'import * as route0 from "/assets/root-3.js";\nimport * as route1 from "/assets/tool-4.js";\n  \n' +
  '  window.__reactRouterRouteModules = {"root":route0,"en/tool/merge":route1};\n\n' +
  'import("/assets/entry.client-2.js");</script></body></html>';

/** Runs the rewritten boot script with a stand-in for the browser, recording what it does and when. */
async function runBoot(
  html: string,
  visibilityState: 'visible' | 'hidden',
  refused: readonly string[] = [],
  paintEntries: 'given' | 'none' | 'unsupported' = 'given',
) {
  const code = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const events: string[] = [];
  const window: Record<string, unknown> = {};
  const document = {
    visibilityState,
    createElement: () => ({}) as { rel?: string; href?: string },
    head: { append: (link: { rel: string; href: string }) => events.push(`${link.rel} ${link.href}`) },
  };
  const requestAnimationFrame = (callback: () => void) => {
    events.push('frame');
    setTimeout(callback);
  };
  // The browser's paint entries: the first contentful paint is reported a few turns after the boot starts waiting.
  class PerformanceObserver {
    static supportedEntryTypes = paintEntries === 'unsupported' ? ['mark'] : ['mark', 'paint'];
    private watching = false;
    constructor(private readonly report: (list: { getEntriesByName: (name: string) => object[] }) => void) {}
    observe({ type }: { type: string }) {
      this.watching = type === 'paint';
      if (paintEntries !== 'given') return;
      setTimeout(() =>
        setTimeout(() => {
          if (!this.watching) return;
          events.push('painted');
          this.report({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) });
        }),
      );
    }
    disconnect() {
      this.watching = false;
    }
  }
  // The boot's timers, on a clock 150 times as fast (the 3 s wait for a paint the browser does not report takes
  // 20 ms, still well after the stand-in's paint); those still pending once the boot is done are there to be seen.
  const pending = new Map<number, number>();
  let timers = 0;
  const setTimer = (callback: () => void, delay = 0) => {
    const id = ++timers;
    pending.set(id, delay);
    setTimeout(() => {
      if (pending.delete(id)) callback();
    }, delay / 150);
    return id;
  };
  const clearTimer = (id: number) => pending.delete(id);
  const load = (href: string) => {
    events.push(`import ${href}`);
    return refused.includes(href) ? Promise.reject(new TypeError('refused')) : Promise.resolve({ href });
  };
  const body = code.replaceAll('import(', 'load(');
  const boot = new Function(
    'window',
    'document',
    'requestAnimationFrame',
    'PerformanceObserver',
    'load',
    'setTimeout',
    'clearTimeout',
    `return (async () => {${body}})();`,
  );
  await boot(window, document, requestAnimationFrame, PerformanceObserver, load, setTimer, clearTimer);
  // Whatever the boot left to run later, by delay.
  return { events, window, later: [...pending.values()] };
}

describe('bootAfterPaint', () => {
  it('takes the module preloads out of the head, keeping the rest of the page as it was', () => {
    const out = bootAfterPaint(PAGE, ['/assets/messages-es-5.js']);
    expect(out).not.toContain('rel="modulepreload"');
    expect(out).toContain('<head><title>t</title><style>p{}</style></head><body><p>text</p>');
    expect(out).toContain('<script>window.__reactRouterContext = {};</script>');
    expect(out).not.toMatch(/^import /m);
  });

  it('waits for the first paint to show, then preloads every module and imports them as React Router did, shared ones first', async () => {
    const { events, window } = await runBoot(bootAfterPaint(PAGE, ['/assets/messages-es-5.js']), 'visible');
    expect(events).toEqual([
      'painted',
      'modulepreload /assets/manifest-1.js',
      'modulepreload /assets/entry.client-2.js',
      'modulepreload /assets/root-3.js',
      'modulepreload /assets/messages-es-5.js',
      'import /assets/messages-es-5.js',
      'import /assets/manifest-1.js',
      'import /assets/root-3.js',
      'import /assets/tool-4.js',
      'import /assets/entry.client-2.js',
    ]);
    expect(window.__reactRouterRouteModules).toEqual({
      root: { href: '/assets/root-3.js' },
      'en/tool/merge': { href: '/assets/tool-4.js' },
    });
  });

  it('imports the shared modules one per task, each after the ones it imports', async () => {
    const page = PAGE.replace(
      '<link rel="modulepreload" href="/assets/root-3.js"/>',
      '<link rel="modulepreload" href="/assets/root-3.js"/><link rel="modulepreload" href="/assets/app-6.js"/>' +
        '<link rel="modulepreload" href="/assets/framework-7.js"/><link rel="modulepreload" href="/assets/runtime-8.js"/>',
    );
    const imports: Record<string, string[]> = {
      '/assets/app-6.js': ['/assets/framework-7.js', '/assets/runtime-8.js'],
      '/assets/framework-7.js': ['/assets/runtime-8.js'],
      '/assets/root-3.js': ['/assets/app-6.js'],
    };
    const html = bootAfterPaint(page, [], (href) => imports[href] ?? []);
    // Each import of a shared module is followed by a turn of the event loop: its own task.
    expect(html).toContain(
      'for (const href of ["/assets/runtime-8.js","/assets/framework-7.js","/assets/app-6.js"]) ' +
        '{ await import(href).catch(() => undefined); await new Promise((go) => setTimeout(go)); }',
    );
    const { events } = await runBoot(html, 'visible');
    expect(events.filter((event) => event.startsWith('import '))).toEqual([
      'import /assets/runtime-8.js',
      'import /assets/framework-7.js',
      'import /assets/app-6.js',
      'import /assets/manifest-1.js',
      'import /assets/root-3.js',
      'import /assets/tool-4.js',
      'import /assets/entry.client-2.js',
    ]);
  });

  it('boots all the same when a shared module cannot load (the entry then loads English)', async () => {
    const html = bootAfterPaint(PAGE, ['/assets/messages-es-5.js']);
    const { events } = await runBoot(html, 'visible', ['/assets/messages-es-5.js']);
    expect(events.at(-1)).toBe('import /assets/entry.client-2.js');
  });

  it('orders modules after their imports, and keeps the given order where imports run in a circle', () => {
    const imports: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['c'] };
    expect(inImportOrder(['d', 'a'], (href) => imports[href] ?? [])).toEqual(['d', 'a']);
    expect(inImportOrder(['a', 'b', 'c'], (href) => imports[href] ?? [])).toEqual(['c', 'b', 'a']);
    expect(inImportOrder(['x', 'y'], () => [])).toEqual(['x', 'y']);
  });

  it('waits for a frame where the browser reports no paint, at once or within 3 s', async () => {
    for (const paintEntries of ['unsupported', 'none'] as const) {
      const { events } = await runBoot(bootAfterPaint(PAGE), 'visible', [], paintEntries);
      expect(events.slice(0, 2), paintEntries).toEqual(['frame', 'modulepreload /assets/manifest-1.js']);
      expect(events.at(-1)).toBe('import /assets/entry.client-2.js');
    }
  });

  it('leaves nothing to run later once the paint is reported: the 3 s wait for one that never comes is called off', async () => {
    const { events, later } = await runBoot(bootAfterPaint(PAGE), 'visible');
    expect(events[0]).toBe('painted');
    expect(events).not.toContain('frame');
    expect(later).toEqual([]);
  });

  it('does not wait for a frame in a background tab, which gets none', async () => {
    const { events } = await runBoot(bootAfterPaint(PAGE), 'hidden');
    expect(events).not.toContain('frame');
    expect(events.at(-1)).toBe('import /assets/entry.client-2.js');
  });

  it('leaves a page without scripts alone, and refuses a boot script it does not know', () => {
    expect(bootAfterPaint('<html><body>plain</body></html>')).toBe('<html><body>plain</body></html>');
    const changed = PAGE.replace('import("/assets/entry.client-2.js");', 'startApp();import("/x.js");');
    expect(() => bootAfterPaint(changed)).toThrow(/boot script/);
  });
});

describe('parseBootScript', () => {
  it('names an unexpected statement', () => {
    expect(() => parseBootScript('import "/a.js";\neval("x");\nimport("/e.js");')).toThrow(/eval/);
  });
});

describe('staticImportsOf', () => {
  it('lists the relative static imports of a built module, not its dynamic ones', () => {
    const code =
      'import{n as e}from"./rolldown-runtime-X.js";import"./side.js";' +
      'const m=()=>import("./lazy.js");export{e}';
    expect(staticImportsOf(code)).toEqual(['rolldown-runtime-X.js', 'side.js']);
  });
});
