import type { ParagraphBlock } from './paragraph-model.ts';
import { SETTINGS } from '../model/settings.ts';

/**
 * Marks headings across the whole document: short paragraphs set larger than the body text (the size most
 * characters have), or wholly bold at body size. Distinct heading sizes, largest first, become levels 1 to 3.
 */
export function assignHeadings(paragraphs: readonly ParagraphBlock[]): void {
  const weights = new Map<number, number>();
  for (const paragraph of paragraphs) {
    const chars = paragraph.runs.reduce((sum, run) => sum + run.text.length, 0);
    weights.set(paragraph.size, (weights.get(paragraph.size) ?? 0) + chars);
  }
  const bodySize = [...weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (bodySize === undefined) return;
  const candidates = paragraphs.filter((paragraph) => {
    const text = paragraph.runs
      .map((run) => run.text)
      .join('')
      .trim();
    if (text.length === 0 || !/\p{L}/u.test(text)) return false;
    if (paragraph.size >= bodySize * SETTINGS.paragraphs.minHeadingSizeRatio)
      return text.length <= SETTINGS.paragraphs.maxHeadingChars;
    return (
      paragraph.isAllBold &&
      paragraph.size >= bodySize * SETTINGS.paragraphs.minBoldHeadingSizeRatio &&
      text.length <= SETTINGS.paragraphs.maxBoldHeadingChars &&
      !/[.:,;]$/.test(text) &&
      paragraph.lastBaseline - paragraph.firstBaseline <
        SETTINGS.paragraphs.maxHeadingLines * paragraph.lineSpacing
    );
  });
  const sizes = [...new Set(candidates.map((paragraph) => paragraph.size))].sort((a, b) => b - a);
  for (const paragraph of candidates) {
    paragraph.headingLevel = Math.min(3, sizes.indexOf(paragraph.size) + 1) as 1 | 2 | 3;
  }
}
