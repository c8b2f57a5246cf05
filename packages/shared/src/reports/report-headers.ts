import type { ToolId } from '../tools/tool-ids.ts';
import {
  isNoticeCode,
  type JobReport,
  type Notice,
  type Recognition,
  type ToolReports,
} from './job-report.ts';

/** The header that lists a result's notices: `FILE_REPAIRED;file=1, PAGES_DOWNSCALED;pages=3;dpi=212`. */
export const NOTICES_HEADER = 'X-Notices';

type HeaderWriters<T extends ToolId> = Readonly<Record<string, (values: ToolReports[T]) => string | null>>;

/** The headers of the tools that read scans (OCR PDF, PDF to Word). */
const RECOGNITION_HEADERS: Readonly<Record<string, (values: Recognition) => string | null>> = {
  'X-Pages-Recognised': ({ recognisedCount }) => String(recognisedCount),
  'X-Recognised-Page-List': ({ recognisedPages }) => (recognisedPages === '' ? null : recognisedPages),
  'X-Ocr-Confidence': ({ confidence }) => (confidence === null ? null : confidence.toFixed(1)),
};

/**
 * The one table from a tool's report to its answer's headers (a writer returning null leaves its header out). The
 * engine writes no header: the server sends what this table makes of the report, the API reference describes the
 * same names (`TOOL_DOCS[id].resultHeaders`, checked by a test), and the site reads them back.
 */
export const REPORT_HEADERS: { readonly [T in ToolId]: HeaderWriters<T> } = {
  merge: { 'X-Page-Count': ({ pageCount }) => String(pageCount) },
  split: { 'X-File-Count': ({ fileCount }) => String(fileCount) },
  compress: {
    'X-Original-Size': ({ originalBytes }) => String(originalBytes),
    'X-Compressed-Size': ({ outputBytes }) => String(outputBytes),
    'X-Compression-Ratio': ({ originalBytes, outputBytes }) =>
      originalBytes > 0 ? ((1 - outputBytes / originalBytes) * 100).toFixed(1) : '0.0',
    'X-Compression-Skipped': ({ originalBytes, outputBytes }) =>
      outputBytes >= originalBytes ? 'already-optimal' : null,
  },
  'pdf-to-word': {
    'X-Page-Count': ({ pageCount }) => String(pageCount),
    'X-Pages-Without-Text': ({ pagesWithoutText }) => String(pagesWithoutText),
    ...RECOGNITION_HEADERS,
  },
  'word-to-pdf': {},
  'pdf-to-jpg': {
    'X-Page-Count': ({ pageCount }) => String(pageCount),
    'X-Pages-Downscaled': ({ downscaledPages }) => (downscaledPages > 0 ? String(downscaledPages) : null),
    'X-Render-Dpi-Min': ({ downscaledPages, minDpi }) => (downscaledPages > 0 ? String(minDpi) : null),
  },
  'jpg-to-pdf': { 'X-Page-Count': ({ pageCount }) => String(pageCount) },
  rotate: { 'X-Pages-Rotated': ({ rotatedPages }) => String(rotatedPages) },
  ocr: { 'X-Page-Count': ({ pageCount }) => String(pageCount), ...RECOGNITION_HEADERS },
};

/** The headers of a job's answer: its tool's figures, and its notices when there are any. */
export function reportHeaders<T extends ToolId>(toolId: T, report: JobReport<T>): Record<string, string> {
  const headers: Record<string, string> = {};
  const writers = REPORT_HEADERS[toolId] as HeaderWriters<T>;
  for (const [name, write] of Object.entries(writers)) {
    const value = write(report.values);
    if (value !== null) headers[name] = value;
  }
  if (report.notices.length > 0) headers[NOTICES_HEADER] = formatNotices(report.notices);
  return headers;
}

const NOTICE_FIELDS = { file: 'fileIndex', pages: 'pages', dpi: 'dpi' } as const;

export function formatNotices(notices: readonly Notice[]): string {
  return notices
    .map((notice) =>
      [
        notice.code,
        ...Object.entries(NOTICE_FIELDS).flatMap(([key, field]) =>
          notice[field] === undefined ? [] : [`${key}=${notice[field]}`],
        ),
      ].join(';'),
    )
    .join(', ');
}

/** The notices of an `X-Notices` value; unknown codes and malformed fields are skipped, never guessed. */
export function parseNotices(value: string | null): Notice[] {
  if (!value) return [];
  const notices: Notice[] = [];
  for (const item of value.split(',')) {
    const [code, ...fields] = item.trim().split(';');
    if (!isNoticeCode(code)) continue;
    const notice: { -readonly [K in keyof Notice]: Notice[K] } = { code };
    for (const field of fields) {
      const [key, raw] = field.split('=');
      const name = NOTICE_FIELDS[key as keyof typeof NOTICE_FIELDS];
      if (name && raw !== undefined && /^\d{1,9}$/.test(raw)) notice[name] = Number(raw);
    }
    notices.push(notice);
  }
  return notices;
}
