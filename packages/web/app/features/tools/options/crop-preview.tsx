import { AUTO_MARGINS } from '@quire/shared';
import { PageView } from '../../../components/page-view/page-view.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';
import { cropFrameOf } from './crop-frame.ts';
import { turnedPagesOf } from './turned-pages.ts';

type CropPreviewProps = {
  readonly file: File | undefined;
  /** The file's password, once given. */
  readonly password: string | undefined;
  /** The margins field as the form holds it: `auto` or four numbers of points. */
  readonly margins: string | undefined;
  /** The page list, or undefined for all pages. */
  readonly pages: string | undefined;
  readonly onAskPassword: (isRetry: boolean) => void;
};

/**
 * Every page of the chosen PDF with the part Crop PDF keeps framed on each page it crops: the margins typed, or with
 * `auto` the ink found on the drawn page (the server measures again, more finely).
 */
export function CropPreview(props: CropPreviewProps) {
  const { file, password, margins, pages, onAskPassword } = props;
  const t = useT();
  const words = usePageViewWords();
  const isCropped = (page: number, pageCount: number) => turnedPagesOf(pages, pageCount)(page);
  const isAuto = margins === undefined || margins.trim().toLowerCase() === AUTO_MARGINS;
  return (
    <PageView
      file={file}
      password={password}
      words={words}
      heading={t('tools.crop.preview.heading')}
      description={(pageCount) =>
        `${t('tools.crop.preview.description', { pageCount })}${isAuto ? ` ${t('tools.crop.preview.auto')}` : ''}`
      }
      labelOf={(page, pageCount) =>
        isCropped(page, pageCount)
          ? t('tools.crop.preview.cropped', { page, pageCount })
          : t('tools.crop.preview.uncropped', { page, pageCount })
      }
      frameOf={(page, pageCount, facts) => (isCropped(page, pageCount) ? cropFrameOf(margins, facts) : null)}
      onAskPassword={onAskPassword}
    />
  );
}
