import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inline-stylesheets.ts';

const page = (head: string) => `<!DOCTYPE html><html><head>${head}</head><body><p>x</p></body></html>`;

describe('inlineStylesheets', () => {
  it('puts the stylesheet in a style element that names its source, in place of the link', () => {
    const html = page(
      '<link rel="icon" href="/favicon.svg"/><link rel="stylesheet" href="/assets/app-1.css"/>',
    );
    const out = inlineStylesheets(html, (href) =>
      href === '/assets/app-1.css' ? '\n.a{color:red}\n' : undefined,
    );
    expect(out).toBe(
      page(
        '<link rel="icon" href="/favicon.svg"/><style data-href="/assets/app-1.css">.a{color:red}</style>',
      ),
    );
    expect(inlineStylesheets(out, () => '.b{}')).toBe(out);
  });

  it('leaves a stylesheet it cannot read alone and refuses CSS that would close the element', () => {
    const html = page('<link rel="stylesheet" href="https://example.org/x.css"/>');
    expect(inlineStylesheets(html, () => undefined)).toBe(html);
    expect(() => inlineStylesheets(html, () => 'a::after{content:"</style>"}')).toThrow(/cannot be inlined/);
  });
});
