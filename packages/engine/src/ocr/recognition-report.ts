import type { Recognition } from '@quire/shared';
import { formatPageList } from '../render/format-page-list.ts';

/**
 * What a tool that reads scans reports: the pages read (`1-3, 7`), how many, and their mean word confidence,
 * weighted by each page's words (null when no word was read).
 */
export function recognitionReport(
  pages: readonly { pageNumber: number; confidence: number | null; words: number }[],
): Recognition {
  const scored = pages.filter((page) => page.confidence !== null && page.words > 0);
  const words = scored.reduce((sum, page) => sum + page.words, 0);
  return {
    recognisedPages: formatPageList(pages.map((page) => page.pageNumber)),
    recognisedCount: pages.length,
    confidence:
      words === 0 ? null : scored.reduce((sum, page) => sum + (page.confidence ?? 0) * page.words, 0) / words,
  };
}
