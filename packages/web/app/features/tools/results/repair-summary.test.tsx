import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../../i18n/create-translator.ts';
import { successToastOf } from './index.ts';
import { RepairSummary } from './repair-summary.tsx';
import { doneJob } from './test-jobs.ts';

const REPAIRED = doneJob('repair', { pageCount: 5, engine: 'mupdf', problems: 'cross-reference,end' }, [
  { code: 'FILE_REPAIRED', fileIndex: 0 },
]);
const INTACT = doneJob('repair', { pageCount: 4, engine: 'none', problems: 'none' });

/** The summary beside Repair PDF's result on the page of `path`, for its job. */
const summaryOf = (job: typeof REPAIRED, path = '/repair-pdf') =>
  renderToString(
    <MemoryRouter initialEntries={[path]}>
      <RepairSummary job={job} />
    </MemoryRouter>,
  );

describe('RepairSummary', () => {
  it('names the engine that rebuilt the file, the pages kept and each problem found, in the page’s language', () => {
    const html = summaryOf(REPAIRED);
    expect(html).toContain('data-engine="mupdf"');
    expect(/data-testid="repair-engine">([^<]*)</.exec(html)?.[1]).toBe('MuPDF');
    expect(/data-testid="repair-pages">([^<]*)</.exec(html)?.[1]).toBe('5 pages');
    expect([...html.matchAll(/data-problem="([^"]*)"/g)].map((match) => match[1])).toEqual([
      'cross-reference',
      'end',
    ]);
    expect(html).toContain('cross-reference table');
    expect(summaryOf(REPAIRED, '/de/repair-pdf')).toContain('Querverweistabelle');
    expect(/data-testid="repair-pages">([^<]*)</.exec(summaryOf(REPAIRED, '/ru/repair-pdf'))?.[1]).toBe(
      '5 страниц',
    );
  });

  it('says an intact file came back as it was, and the toast claims no repair', () => {
    expect(summaryOf(INTACT)).toContain('Nothing was wrong with this file');
    const { t } = getTranslator('en');
    expect(t(successToastOf(INTACT).title)).toBe('Done');
    expect(t(successToastOf(INTACT).description)).toMatch(/^Your PDF is not damaged/);
    expect(t(successToastOf(REPAIRED).description)).toBe('PDF repaired successfully!');
  });
});
