import type { Plugin } from 'vite';

// Loaded by vite.config.ts, which Vite bundles without our TypeScript packages: type imports only.

/**
 * V8's explicit compile hint (Chrome 136 and later): every function of a file that starts with it is compiled while
 * the file streams in, on a background thread. Without it V8 compiles a function on the main thread the first time
 * it runs, and hydration runs most of React, React Router and our components for the first time: on a slow phone
 * that compilation is a large part of the tasks between the first paint and a working page. Browsers without the
 * feature read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** What `shouldHint` reads of an output chunk (Rollup's and Rolldown's `OutputChunk`). */
type ChunkFacts = { readonly isEntry: boolean; readonly isDynamicEntry: boolean };

/**
 * Whether a chunk runs while its page starts: the client entry and the route modules (entries of the client build),
 * and what they import statically (React, React Router, our shared modules). A chunk that is only imported on demand
 * (pdf.js for thumbnails, another language's messages) would compile functions no page start calls.
 */
export function shouldHint(chunk: ChunkFacts): boolean {
  return chunk.isEntry || !chunk.isDynamicEntry;
}

/** Puts the hint on the first line of a chunk; a source map, if any, moves down the one line the hint takes. */
export function addCompileHint<Chunk extends { code: string; map: { mappings: string } | null }>(
  chunk: Chunk,
): void {
  chunk.code = COMPILE_HINT + chunk.code;
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
}

/**
 * Adds the compile hint to the chunks a page starts with. It runs last (`generateBundle`, after Vite has written
 * its own first lines into the chunks), since the hint must open the file.
 */
export function compileHints(): Plugin {
  return {
    name: 'quire:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type === 'chunk' && shouldHint(output)) addCompileHint(output);
        }
      },
    },
  };
}
