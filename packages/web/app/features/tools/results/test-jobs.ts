import { doneJobView, queuedJobView, type Notice, type ToolId, type ToolReports } from '@quire/shared';

/** Jobs as their views say them, for the tests of the result readers and summaries. */

/** A done job of `tool` as its view says it, with its tool's figures and notices. */
export const doneJob = <T extends ToolId>(tool: T, values: ToolReports[T], notices: readonly Notice[] = []) =>
  doneJobView(
    queuedJobView('5d41c0b7e2a94f3c8b6d1e0f9a7c2b34', tool),
    {
      file: { fileName: 'a.pdf', mimeType: 'application/pdf', bytes: 1 },
      report: { values, notices },
      pagesTotal: null,
    },
    new Date(),
  );
