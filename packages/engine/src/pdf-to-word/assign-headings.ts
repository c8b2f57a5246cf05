import type { ParagraphBlock } from './build-paragraphs.ts';

/** Text larger than the body text by this factor is a heading. */
const MIN_HEADING_SIZE_RATIO = 1.15;
const MAX_HEADING_CHARS = 200;
const MAX_BOLD_HEADING_CHARS = 120;

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
    if (paragraph.size >= bodySize * MIN_HEADING_SIZE_RATIO) return text.length <= MAX_HEADING_CHARS;
    return (
      paragraph.isAllBold &&
      paragraph.size >= bodySize * 0.95 &&
      text.length <= MAX_BOLD_HEADING_CHARS &&
      !/[.:,;]$/.test(text) &&
      paragraph.lastBaseline - paragraph.firstBaseline < 2.5 * paragraph.lineSpacing
    );
  });
  const sizes = [...new Set(candidates.map((paragraph) => paragraph.size))].sort((a, b) => b - a);
  for (const paragraph of candidates) {
    paragraph.headingLevel = Math.min(3, sizes.indexOf(paragraph.size) + 1) as 1 | 2 | 3;
  }
}
