import type * as Mupdf from 'mupdf';
import type { Box, PageLink } from '../model/layout-model.ts';
import { SETTINGS } from '../model/settings.ts';

/** Addresses Word is given as hyperlinks; others (javascript:, file:, launch actions) are left as plain text. */
const SAFE_SCHEMES = /^(https?|mailto|ftp):/i;

/**
 * The link annotations of a page: web and mail addresses, and places in the same document (a page, and the point on
 * it where the PDF gives one). Boxes and points are in points from the top left of their page as displayed, as in
 * the layout model. A link whose destination cannot be resolved is left out.
 */
export function readPageLinks(document: Mupdf.Document, page: Mupdf.Page): PageLink[] {
  const [bx0 = 0, by0 = 0] = page.getBounds();
  const pageCount = document.countPages();
  const links: PageLink[] = [];
  for (const link of page.getLinks()) {
    const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = link.getBounds();
    const box: Box = { x0: x0 - bx0, y0: y0 - by0, x1: x1 - bx0, y1: y1 - by0 };
    if (!(box.x1 > box.x0 && box.y1 > box.y0)) continue;
    const uri = link.getURI();
    if (link.isExternal()) {
      if (SAFE_SCHEMES.test(uri) && uri.length <= SETTINGS.read.maxUriLength)
        links.push({ box, target: { kind: 'uri', uri } });
      continue;
    }
    const place = resolvePlace(document, link);
    if (place && place.page >= 0 && place.page < pageCount) {
      links.push({
        box,
        target: { kind: 'place', page: place.page + 1, x: finite(place.x), y: finite(place.y) },
      });
    }
  }
  return links;
}

function resolvePlace(
  document: Mupdf.Document,
  link: Mupdf.Link,
): { page: number; x: number; y: number } | null {
  try {
    const destination = document.resolveLinkDestination(link);
    return { page: destination.page, x: destination.x, y: destination.y };
  } catch {
    // A named destination that is missing or malformed: the text stays, without a link.
    return null;
  }
}

const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);
