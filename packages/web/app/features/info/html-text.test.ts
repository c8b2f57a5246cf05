import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../content/render-markdown.ts';
import { decodeEntities, headingsOf, htmlToText, isolateLtrRuns } from './html-text.ts';

describe('decodeEntities', () => {
  it('decodes named, decimal and hexadecimal references and leaves unknown ones', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x2F; &unknown;')).toBe(
      'a & b <c> "d" \'e\' / &unknown;',
    );
  });
});

describe('htmlToText', () => {
  it('gives the plain text of rendered Markdown, one line per block', () => {
    const html = renderMarkdown(
      'Open [Merge PDF](/merge-pdf) and press "Merge PDFs", then download `merged.pdf`.\n\n- one\n- two & three',
      'en',
    );
    expect(htmlToText(html)).toBe(
      'Open Merge PDF and press "Merge PDFs", then download merged.pdf.\none\ntwo & three',
    );
  });
});

describe('headingsOf', () => {
  it('lists the second-level headings with their ids and plain text', () => {
    const html = renderMarkdown(
      "## Who runs this site\n\nText.\n\n### A detail\n\n## What's `coming`\n\nMore.",
      'en',
    );
    expect(headingsOf(html)).toEqual([
      { id: 'who-runs-this-site', text: 'Who runs this site' },
      { id: expect.stringMatching(/^what/), text: "What's coming" },
    ]);
    expect(headingsOf(html, 3)).toEqual([{ id: 'a-detail', text: 'A detail' }]);
    expect(headingsOf('<p>No headings</p>')).toEqual([]);
  });
});

describe('isolateLtrRuns', () => {
  it('marks links and bold runs written wholly in Latin script left to right', () => {
    const html = renderMarkdown(
      'نزّل [/source.tar.gz](/source.tar.gz) أو راسل **Example Ops** على ops@example.org أو اقرأ [سياسة الخصوصية](/privacy-policy).',
      'ar',
    );
    const isolated = isolateLtrRuns(html);
    expect(isolated).toContain(
      '<a href="/source.tar.gz" rel="noopener noreferrer" dir="ltr">/source.tar.gz</a>',
    );
    expect(isolated).toContain('<strong dir="ltr">Example Ops</strong>');
    expect(isolated).toContain('<a href="mailto:ops@example.org" rel="noopener noreferrer" dir="ltr">');
    expect(isolated).toContain('<a href="/ar/privacy-policy">سياسة الخصوصية</a>');
  });

  it('leaves mixed runs, runs without letters and runs that already have a direction alone', () => {
    const html = '<p><strong>PDF ملف</strong> <strong>10</strong> <a href="/x" dir="rtl">abc</a></p>';
    expect(isolateLtrRuns(html)).toBe(html);
  });
});
