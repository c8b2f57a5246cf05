import type { ToolId } from '../tools/tool-ids.ts';
import { isNoticeCode, type JobReport, type Notice, type ToolReports } from './job-report.ts';
import { NOTICES_HEADER, REPORT_SPECS, type ReportHeaderSpec } from './report-spec.ts';

/** The headers of a job's answer: its tool's figures (`REPORT_SPECS`), and its notices when there are any. */
export function reportHeaders<T extends ToolId>(toolId: T, report: JobReport<T>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { header, write } of REPORT_SPECS[toolId] as readonly ReportHeaderSpec<ToolReports[T]>[]) {
    const value = write(report.values);
    if (value !== null) headers[header] = value;
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
