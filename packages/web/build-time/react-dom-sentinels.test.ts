import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutSentinelStacks } from './react-dom-sentinels.ts';

const require = createRequire(import.meta.url);
const REACT_DOM_CLIENT = join(
  dirname(require.resolve('react-dom/package.json')),
  'cjs/react-dom-client.production.js',
);

/** Runs a CommonJS module's code with the dependencies given, and returns its exports. */
function runModule(code: string, dependencies: Record<string, unknown>): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  new Function('exports', 'require', 'module', code)(
    module.exports,
    (id: string) => dependencies[id],
    module,
  );
  return module.exports;
}

describe('React DOM made without stack traces for its sentinels', () => {
  const source = readFileSync(REACT_DOM_CLIENT, 'utf8');
  const patched = withoutSentinelStacks(source);

  it('rewrites the five sentinels of the installed React DOM, and nothing else', () => {
    expect(patched.match(/= quireSentinelError\(formatProdErrorMessage\(\d+\)\)/g)).toHaveLength(5);
    // The five calls named back, the file is React DOM's as installed, followed by the stand-in.
    const namedBack = patched.replace(/= quireSentinelError\(/g, '= Error(');
    expect(namedBack.slice(0, source.length)).toBe(source);
    expect(namedBack.slice(source.length)).toMatch(/^\nfunction quireSentinelError\(message\) \{/);
  });

  it('still runs: the module loads, and a sentinel is an error with its message and no stack', () => {
    const exports = runModule(patched, {
      scheduler: require('scheduler'),
      react: require('react'),
      'react-dom': require('react-dom'),
    });
    expect(typeof exports.hydrateRoot).toBe('function');
    // The sentinels are reachable through no export: the stand-in is run on its own.
    const declaration = patched.slice(patched.lastIndexOf('\nfunction quireSentinelError'));
    const make = new Function(`${declaration}; return quireSentinelError;`)() as (message: string) => Error;
    const sentinel = make('Suspense Exception');
    expect(sentinel).toBeInstanceOf(Error);
    expect(sentinel.message).toBe('Suspense Exception');
    expect(Object.hasOwn(sentinel, 'stack')).toBe(false);
  });

  it('fails the build when React DOM no longer has one of them', () => {
    expect(() =>
      withoutSentinelStacks(source.replace('SuspenseActionException = Error(', 'X = Error(')),
    ).toThrow(/SuspenseActionException/);
  });
});
