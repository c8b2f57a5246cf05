import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { isPlainText } from '../app/i18n/plain-text.ts';

// Loaded by vite.config.ts, which Vite bundles without our TypeScript packages: no import of `@quire/*`.

/** A message file of `content/locales/<locale>/`. */
const LOCALE_FILE = /[\\/]content[\\/]locales[\\/][^\\/]+[\\/][^\\/]+\.json$/;
const PARSER = '@formatjs/icu-messageformat-parser';
/** The parser package's build without the parser: its element types and guards only. */
const NO_PARSER = `${PARSER}/no-parser.js`;

type MessageTree = { readonly [key: string]: string | MessageTree };
type CompiledTree = { [key: string]: string | MessageFormatElement[] | CompiledTree };

/**
 * A message file with each message that needs ICU (an argument, a plural, a quote, a tag) replaced by the tree
 * react-intl would parse it into in the browser; plain words stay strings, which the translator prints as they are.
 * A message ICU cannot read stays as written: the translation check reports it, and react-intl shows its fallback.
 */
export function precompileMessageTree(tree: MessageTree): CompiledTree {
  const compiled: CompiledTree = {};
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value !== 'string') compiled[key] = precompileMessageTree(value);
    else if (isPlainText(value)) compiled[key] = value;
    else compiled[key] = parseOrKeep(value);
  }
  return compiled;
}

function parseOrKeep(message: string): string | MessageFormatElement[] {
  try {
    return parse(message);
  } catch {
    return message;
  }
}

/**
 * The browser gets its messages parsed (formatjs's "pre-compiled" messages): each message file of the client
 * build is turned into its ICU trees as it is read, and the ICU parser (27 kB of script that every page would
 * compile, then run on each message it formats while it hydrates) is left out of the client bundle. Prerendering
 * and the tests read the files as written and parse them on the server.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'quire:precompile-messages',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (source !== PARSER) return null;
      return this.resolve(NO_PARSER, importer, { ...options, skipSelf: true });
    },
    transform(code, id) {
      if (!LOCALE_FILE.test(id)) return null;
      return { code: JSON.stringify(precompileMessageTree(JSON.parse(code) as MessageTree)), map: null };
    },
  };
}
