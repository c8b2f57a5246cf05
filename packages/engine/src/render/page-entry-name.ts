/** Page numbers in entry names have at least this many digits, so archives list pages in order everywhere. */
const MIN_PAGE_DIGITS = 3;

/** `page-001.jpg`, …; more digits when the document has 1,000 pages or more, so names still sort. */
export function pageEntryName(pageNumber: number, pageCount: number): string {
  const digits = Math.max(MIN_PAGE_DIGITS, String(pageCount).length);
  return `page-${String(pageNumber).padStart(digits, '0')}.jpg`;
}
