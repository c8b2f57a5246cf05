import { ThumbnailGrid } from '../../../components/thumbnail-grid.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { turnedPagesOf } from './turned-pages.ts';
import { usePdfThumbnails } from './use-pdf-thumbnails.ts';

/** How many first pages the preview shows, and their size in CSS pixels. */
const PREVIEW_PAGES = 6;
const THUMBNAIL_SIZE_PX = 120;

type RotatePreviewProps = {
  readonly file: File | undefined;
  readonly angle: number;
  /** The page list, or undefined for all pages. */
  readonly pages: string | undefined;
};

/** The first pages of the selected PDF, turned as the form says; nothing for a file pdf.js cannot open. */
export function RotatePreview({ file, angle, pages }: RotatePreviewProps) {
  const t = useT();
  const { status, pageCount, urls } = usePdfThumbnails(file, PREVIEW_PAGES, THUMBNAIL_SIZE_PX);
  if (status === 'idle' || status === 'failed') return null;
  if (pageCount === 0) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('tools.rotate.preview.loading')}
      </p>
    );
  }
  const isTurned = turnedPagesOf(pages, pageCount);
  const shown = Math.min(pageCount, PREVIEW_PAGES);
  const thumbnails = urls.map((url, index) => {
    const page = index + 1;
    const degrees = isTurned(page) ? angle : 0;
    return {
      url,
      page,
      degrees,
      alt:
        degrees === 0
          ? t('tools.rotate.preview.unrotated', { page })
          : t('tools.rotate.preview.rotated', { page, angle: degrees }),
    };
  });
  return (
    <ThumbnailGrid
      heading={t('tools.rotate.preview.heading')}
      description={t('tools.rotate.preview.description', { count: shown, pageCount })}
      thumbnails={thumbnails}
      pendingCount={status === 'loading' ? shown - urls.length : 0}
    />
  );
}
