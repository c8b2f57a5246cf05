import type { Notice, NoticeCode, ToolId } from '@quire/shared';
import { useT } from '../../../i18n/use-t.ts';

type ResultNoticesProps = {
  readonly toolId: ToolId;
  /** What the server noted about the result: the done job's notices. */
  readonly notices: readonly Notice[];
  /** The names of the files sent, by position: a notice about one file names it. */
  readonly fileNames: readonly string[];
};

/**
 * Notices a tool's own result details already put in words (the compress summary says "unchanged", the repair
 * summary what was repaired).
 */
const SAID_BY_DETAILS: Partial<Record<ToolId, readonly NoticeCode[]>> = {
  compress: ['ALREADY_OPTIMAL'],
  repair: ['FILE_REPAIRED'],
};

/** Everything the server noted about the result (its job's notices), each in the visitor's language, beside it. */
export function ResultNotices({ toolId, notices: noted, fileNames }: ResultNoticesProps) {
  const t = useT();
  const notices = noted.filter((notice) => !SAID_BY_DETAILS[toolId]?.includes(notice.code));
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
