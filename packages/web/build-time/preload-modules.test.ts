import { describe, expect, it } from 'vitest';
import { preloadModules, staticImportsOf } from './preload-modules.ts';

describe('preloadModules', () => {
  it('adds the missing preloads before the first one, once', () => {
    const html =
      '<head><title>t</title><link rel="modulepreload" href="/assets/entry.js"/></head><body></body>';
    const out = preloadModules(html, ['/assets/messages-es.js', '/assets/entry.js']);
    expect(out).toBe(
      '<head><title>t</title><link rel="modulepreload" href="/assets/messages-es.js"/>' +
        '<link rel="modulepreload" href="/assets/entry.js"/></head><body></body>',
    );
    expect(preloadModules(out, ['/assets/messages-es.js'])).toBe(out);
  });

  it('adds them at the end of the head when the page preloads nothing', () => {
    expect(preloadModules('<head></head>', ['/a.js'])).toBe(
      '<head><link rel="modulepreload" href="/a.js"/></head>',
    );
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
