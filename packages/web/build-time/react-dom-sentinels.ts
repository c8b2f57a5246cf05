import type { Plugin } from 'vite';

// Loaded by vite.config.ts, which Vite bundles without our TypeScript packages: type imports only.

/** React DOM's client, production build: a CommonJS file, which the bundler wraps in one function of ~220 KB. */
const REACT_DOM_CLIENT = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/;

/**
 * The values React DOM throws to unwind its work loop and then recognises by identity, made with `Error(…)` as
 * its module starts. None is shown to anyone: each is caught by React itself.
 */
const SENTINELS = [
  'HydrationMismatchException',
  'SuspenseException',
  'SuspenseyCommitException',
  'SuspenseActionException',
  'SelectiveHydrationException',
] as const;

/** The stand-in, declared at the end of the module (a declaration is visible in the whole wrapper). */
const MAKE_SENTINEL = 'quireSentinelError';
const MAKE_SENTINEL_DECLARATION =
  `\nfunction ${MAKE_SENTINEL}(message) {\n` +
  '  var sentinel = Object.create(Error.prototype);\n' +
  '  sentinel.message = message;\n' +
  '  return sentinel;\n' +
  '}\n';

/**
 * React DOM's sentinels made without a stack trace. Chromium has V8 record where each `Error` a page makes was
 * made (line and column), and V8 keeps no source positions for code it has not needed them for yet: the first of these five errors, made while the module's wrapper function runs, has V8 parse that 220 KB
 * function again. Measured in Chromium on /merge-pdf, unthrottled: React DOM's start took 16–29 ms, 2.0–2.5 ms
 * with the five made as below (about 100 ms less of main thread on a phone 4× slower, on every page's start).
 * An object with `Error.prototype` keeps what React relies on (identity, `instanceof Error`, the message).
 * A React DOM whose source no longer has these five lines fails the build: its start must be measured again.
 */
export function withoutSentinelStacks(source: string): string {
  let code = source;
  for (const name of SENTINELS) {
    const pattern = new RegExp(`\\b${name} = Error\\((formatProdErrorMessage\\(\\d+\\))\\)`, 'g');
    const found = code.match(pattern)?.length ?? 0;
    if (found !== 1)
      throw new Error(`react-dom-client.production.js: expected one "${name} = Error(…)", found ${found}`);
    code = code.replace(pattern, `${name} = ${MAKE_SENTINEL}($1)`);
  }
  return code + MAKE_SENTINEL_DECLARATION;
}

/** Applies `withoutSentinelStacks` to React DOM's client when Vite builds the browser's bundle. */
export function reactDomSentinels(): Plugin {
  return {
    name: 'quire:react-dom-sentinels',
    apply: 'build',
    transform: {
      filter: { id: REACT_DOM_CLIENT },
      handler: (code) => ({ code: withoutSentinelStacks(code), map: null }),
    },
  };
}
