import { PageView } from '../../../components/page-view/page-view.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';

/** The tools whose page view only shows the pages they will process, each page as it is. */
export type PagesPreviewToolId = 'compress' | 'pdf-to-jpg' | 'pdf-to-png';

type PagesPreviewProps = {
  readonly toolId: PagesPreviewToolId;
  readonly file: File;
  /** The file's password, once given. */
  readonly password: string | undefined;
  readonly onAskPassword: (isRetry: boolean) => void;
};

/**
 * Every page of the chosen PDF as the tool will take it (Compress: each page compressed; PDF to JPG and PDF to PNG:
 * each page an image), with its number and a bigger view on demand: the visitor sees that the right file, and all of
 * it, goes in.
 */
export function PagesPreview({ toolId, file, password, onAskPassword }: PagesPreviewProps) {
  const t = useT();
  const words = usePageViewWords();
  return (
    <PageView
      file={file}
      password={password}
      words={words}
      heading={t('common.pageView.heading')}
      description={(pageCount) => t(`tools.${toolId}.preview.description`, { pageCount })}
      onAskPassword={onAskPassword}
    />
  );
}
