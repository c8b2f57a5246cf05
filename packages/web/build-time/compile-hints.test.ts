import { describe, expect, it } from 'vitest';
import { addCompileHint, COMPILE_HINT, shouldHint } from './compile-hints.ts';

describe('compile hints', () => {
  it('marks the chunks a page starts with, not those loaded on demand', () => {
    // The client entry and a route module.
    expect(shouldHint({ isEntry: true, isDynamicEntry: false })).toBe(true);
    // A route module that another module also imports on demand is still a page's start.
    expect(shouldHint({ isEntry: true, isDynamicEntry: true })).toBe(true);
    // React and our shared modules, imported by the entries.
    expect(shouldHint({ isEntry: false, isDynamicEntry: false })).toBe(true);
    // pdf.js, imported by the rotate page's preview once a file is chosen.
    expect(shouldHint({ isEntry: false, isDynamicEntry: true })).toBe(false);
  });

  it('opens the chunk with the hint and moves its source map down one line', () => {
    const chunk = { code: 'const __vite__mapDeps=1;\nexport{}', map: { mappings: 'AAAA;AACA' } };
    addCompileHint(chunk);
    expect(chunk.code).toBe(`//# allFunctionsCalledOnLoad\nconst __vite__mapDeps=1;\nexport{}`);
    expect(chunk.code.split('\n')[0]).toBe(COMPILE_HINT.trimEnd());
    expect(chunk.map.mappings).toBe(';AAAA;AACA');
    const withoutMap = { code: 'export{}', map: null };
    addCompileHint(withoutMap);
    expect(withoutMap.code).toBe(`${COMPILE_HINT}export{}`);
  });
});
