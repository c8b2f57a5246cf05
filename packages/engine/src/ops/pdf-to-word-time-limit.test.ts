import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_CONVERT_PAGES, MAX_OCR_PAGES, TOOLS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { createTaggedReportPdf } from '@quire/test-kit/costly-pdfs';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { estimateWork } from '../work/estimate-work.ts';
import { WORK_RATES, pdfToWord, pdfToWordTimeLimit } from './pdf-to-word.ts';

// The job context a pool gives PDF to Word: its tool's ceiling, within which the op sets its own limit.
const ctx = useJobContext(TOOLS['pdf-to-word'].timeoutMs);

/** What happened, in order: each time limit the op set (`limit <ms>`) and each stage it reported. */
async function convertTextPages(pageCount: number): Promise<string[]> {
  const path = join(ctx.workDir, `report-${pageCount}.pdf`);
  // Pages of 40 lines of text each, as a word processor exports a report: no scan among them.
  await writeFile(path, createTaggedReportPdf(pageCount, 1));
  const events: string[] = [];
  await pdfToWord(
    { file: inputFile(path), options: { language: 'auto' } },
    {
      ...ctx,
      setTimeLimit: (limitMs) => events.push(`limit ${limitMs}`),
      onProgress: (stage) => events.push(stage),
    },
  );
  return events;
}

const lastLimit = (events: readonly string[]) =>
  Number(events.findLast((event) => event.startsWith('limit '))?.slice('limit '.length));

describe('pdfToWord time limit', () => {
  it('gives a long text document the time of its pages, set before the conversion starts', async () => {
    const short = await convertTextPages(2);
    const long = await convertTextPages(206);
    // Each page's share is at least four times the work the job declares for it: a busy machine, and a long job's
    // low priority, stretch the time its pages take.
    const perPageWorkMs = estimateWork(WORK_RATES, { pages: 1 }) - estimateWork(WORK_RATES, { pages: 0 });
    expect(lastLimit(long) - lastLimit(short)).toBeGreaterThanOrEqual(204 * 4 * perPageWorkMs);
    // Known once the pages are counted: before any page is converted.
    expect(long.findIndex((event) => event === `limit ${lastLimit(long)}`)).toBeLessThan(
      long.indexOf('processing'),
    );
  });

  it('stays within the tool’s own limit, which is that of the largest document it takes', () => {
    expect(pdfToWordTimeLimit(MAX_CONVERT_PAGES, MAX_OCR_PAGES)).toBe(TOOLS['pdf-to-word'].timeoutMs);
    expect(pdfToWordTimeLimit(MAX_CONVERT_PAGES, 0)).toBeLessThan(TOOLS['pdf-to-word'].timeoutMs);
  });
});
