import { describe, expect, it } from 'vitest';
import { readPageHead } from './read-page-head.ts';

const page = (head: string) =>
  `<!DOCTYPE html><html lang="fr"><head>${head}</head><body><meta property="og:image" content="/late"/></body></html>`;

describe('readPageHead', () => {
  it('reads the share image, its alt text and the description, decoding what React escaped', () => {
    const html = page(
      '<meta charSet="utf-8"/><meta property="og:description" content="Fusionnez l&#x27;ordre &amp; le reste &lt;3 &quot;vite&quot;"/>' +
        '<meta property="og:image" content="https://pdf.example.org/og/fr/merge-pdf.jpg"/>' +
        '<meta property="og:image:alt" content="Fusionner &#233; PDF"/>',
    );
    expect(readPageHead(html)).toEqual({
      image: 'https://pdf.example.org/og/fr/merge-pdf.jpg',
      headline: 'Fusionner é PDF',
      description: 'Fusionnez l\'ordre & le reste <3 "vite"',
    });
  });

  it('says which tag a page lacks', () => {
    expect(() =>
      readPageHead(
        page('<meta property="og:image" content="/x.jpg"/><meta property="og:description" content="d"/>'),
      ),
    ).toThrow('The page has no og:image:alt.');
  });
});
