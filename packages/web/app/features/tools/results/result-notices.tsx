import { NOTICES_HEADER, parseNotices, type Notice, type NoticeCode, type ToolId } from '@quire/shared';
import { useT } from '../../../i18n/use-t.ts';

type ResultNoticesProps = {
  readonly toolId: ToolId;
  readonly headers: Headers;
  /** The names of the files sent, by position: a notice about one file names it. */
  readonly fileNames: readonly string[];
};

/** Notices a tool's own result details already put in words (the compress summary says "unchanged"). */
const SAID_BY_DETAILS: Partial<Record<ToolId, readonly NoticeCode[]>> = { compress: ['ALREADY_OPTIMAL'] };

/** Everything the server noted about the result (`X-Notices`), each in the visitor's language, beside the result. */
export function ResultNotices({ toolId, headers, fileNames }: ResultNoticesProps) {
  const t = useT();
  const notices = parseNotices(headers.get(NOTICES_HEADER)).filter(
    (notice) => !SAID_BY_DETAILS[toolId]?.includes(notice.code),
  );
  if (notices.length === 0) return null;
  return (
    <div className="w-full max-w-md text-start" data-testid="result-notices">
      <p className="text-sm font-semibold text-slate-900">{t('common.notices.title')}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-slate-700">
        {notices.map((notice, index) => (
          <li key={`${notice.code}-${index}`} data-notice={notice.code}>
            {t(`common.notices.${notice.code}`, noticeValues(notice, fileNames))}
          </li>
        ))}
      </ul>
    </div>
  );
}

function noticeValues(notice: Notice, fileNames: readonly string[]) {
  const fileName = notice.fileIndex === undefined ? '' : (fileNames[notice.fileIndex] ?? '');
  return {
    fileName,
    hasFileName: fileName === '' ? 'no' : 'yes',
    pages: notice.pages ?? 0,
    dpi: notice.dpi ?? 0,
  };
}
