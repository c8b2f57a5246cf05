import { PageView } from '../../../components/page-view/page-view.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { usePageViewWords } from '../page-view-words.ts';
import { togglePage, turnedPagesOf } from './turned-pages.ts';

type RotatePreviewProps = {
  readonly file: File | undefined;
  /** The file's password, once given. */
  readonly password: string | undefined;
  readonly angle: number;
  /** The page list, or undefined for all pages. */
  readonly pages: string | undefined;
  readonly disabled: boolean;
  /** The page list after a page was clicked. */
  readonly onPagesChange: (pages: string) => void;
  readonly onAskPassword: (isRetry: boolean) => void;
};

/**
 * Every page of the chosen PDF, turned as the form says: clicking a page turns it or leaves it as it is, and the
 * page list follows.
 */
export function RotatePreview(props: RotatePreviewProps) {
  const { file, password, angle, pages, disabled, onPagesChange, onAskPassword } = props;
  const t = useT();
  const words = usePageViewWords();
  const isTurned = (page: number, pageCount: number) => turnedPagesOf(pages, pageCount)(page);
  return (
    <PageView
      file={file}
      password={password}
      words={words}
      heading={t('tools.rotate.preview.heading')}
      description={(pageCount) => t('tools.rotate.preview.description', { pageCount })}
      labelOf={(page, pageCount) =>
        isTurned(page, pageCount)
          ? t('tools.rotate.preview.rotated', { page, pageCount, angle })
          : t('tools.rotate.preview.unrotated', { page, pageCount })
      }
      isPressed={isTurned}
      degreesOf={(page, pageCount) => (isTurned(page, pageCount) ? angle : 0)}
      onToggle={disabled ? undefined : (page, pageCount) => onPagesChange(togglePage(pages, page, pageCount))}
      onAskPassword={onAskPassword}
    />
  );
}
