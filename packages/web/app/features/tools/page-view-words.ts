import { useMemo } from 'react';
import type { PageViewWords } from '../../components/page-view/page-view.tsx';
import { useT } from '../../i18n/use-t.ts';

/** The page view's words in the page's language. */
export function usePageViewWords(): PageViewWords {
  const t = useT();
  return useMemo(
    () => ({
      loading: t('common.pageView.loading'),
      protectedFile: t('common.pageView.protectedFile'),
      unlock: t('common.pageView.unlock'),
      damaged: t('common.pageView.damaged'),
      pageLabel: (page, pageCount) => t('common.pageView.pageLabel', { page, pageCount }),
      selectedLabel: (page, pageCount) => t('common.pageView.selectedLabel', { page, pageCount }),
      cutAfter: (page) => t('common.pageView.cutAfter', { page, nextPage: page + 1 }),
      enlarge: (page, pageCount) => t('common.pageView.enlarge', { page, pageCount }),
      close: t('common.pageView.close'),
    }),
    [t],
  );
}
