import type { Locale } from '@quire/shared';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stripIsolates } from '../../i18n/isolate-values.ts';
import { HomeToolChoice } from './home-tool-choice.tsx';
import { toolChoiceFor } from './tool-choice.ts';

const fileNamed = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);

/** The text of the tool choice on a language's home page for these files. */
function choiceText(locale: Locale, files: File[]): string {
  const path = locale === 'en' ? '/' : `/${locale}/`;
  const html = renderToString(
    <MemoryRouter initialEntries={[path]}>
      <HomeToolChoice files={files} choice={toolChoiceFor(files)} onChoose={() => undefined} />
    </MemoryRouter>,
  );
  return stripIsolates(
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

describe('HomeToolChoice', () => {
  it('offers one PDF the PDF tools but not merge, and two PDFs merge, organize and compare', () => {
    const one = choiceText('en', [fileNamed('report.pdf')]);
    expect(one).toContain('What would you like to do with this file?');
    expect(one).toContain('Split PDF');
    expect(one).not.toContain('Merge PDF');
    const two = choiceText('en', [fileNamed('a.pdf'), fileNamed('b.pdf')]);
    expect(two).toBe('What would you like to do with these files? Merge PDF Organize PDF Compare PDF');
  });

  it('tells what to do with a PDF and a JPG: a tool for each kind, never the list of accepted types', () => {
    const text = choiceText('en', [fileNamed('report.pdf'), fileNamed('photo.jpg')]);
    expect(text).toMatch(/^No single tool takes these files together\. Choose a tool for one kind of file/);
    expect(text).toContain('Your PDF Split PDF');
    expect(text).toContain('Your image JPG to PDF');
    expect(text).not.toContain('Try');
    expect(choiceText('en', [fileNamed('a.jpg'), fileNamed('b.png'), fileNamed('c.pdf')])).toContain(
      'Your 2 images JPG to PDF',
    );
  });

  it('says why no tool takes files of one kind', () => {
    expect(choiceText('en', [fileNamed('a.docx'), fileNamed('b.doc')])).toBe(
      'Too many files: a tool takes at most 1 file of this kind at a time. Remove some of them.',
    );
  });

  it('says it in every language, with the plural forms of each', () => {
    expect(choiceText('de', [fileNamed('a.pdf'), fileNamed('b.jpg'), fileNamed('c.jpg')])).toContain(
      'Ihre 2 Bilder JPG in PDF',
    );
    expect(choiceText('ru', [fileNamed('a.pdf'), fileNamed('b.jpg'), fileNamed('c.jpg')])).toContain(
      '2 изображения',
    );
    expect(choiceText('ar', [fileNamed('a.pdf'), fileNamed('b.jpg'), fileNamed('c.jpg')])).toContain(
      'صورتان',
    );
  });
});
