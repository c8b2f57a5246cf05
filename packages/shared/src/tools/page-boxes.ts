import { AppError } from '../errors/app-error.ts';

/**
 * A box on a page (Redact PDF's `areas`, and the sign tool's placements): its page from 1, and its left, top, width
 * and height as fractions of the page as it is seen, upright (its /Rotate applied, its crop box as the frame), from
 * its top-left corner.
 */
export type PageBox = {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
};

/** Most boxes of one request: far more than anyone draws by hand, few enough to write quickly. */
export const MAX_PAGE_BOXES = 1000;

/** Longest boxes field: `{"page": 2000, "x": 0.123456, "y": 0.123456, "width": 0.123456, "height": 0.123456}, ` fits. */
export const MAX_PAGE_BOXES_BYTES = 128 * MAX_PAGE_BOXES;

/** An example of a box list: the top right of page 1. */
export const PAGE_BOXES_EXAMPLE = '[{"page": 1, "x": 0.62, "y": 0.81, "width": 0.25, "height": 0.06}]';

const BOX_KEYS = new Set(['page', 'x', 'y', 'width', 'height']);

/** How far past the page's edge a box may reach, for the rounding of a box drawn to the edge: it is cut there. */
const EDGE_TOLERANCE = 1e-6;

/** Why a box list is refused; `item` numbers the box at fault from 1. */
export type PageBoxesProblem = {
  readonly reason: 'notJson' | 'notList' | 'tooMany' | 'malformed' | 'outside';
  readonly item?: number;
};

/**
 * Reads a box list as sent: a JSON array (possibly empty) of `{"page", "x", "y", "width", "height"}` and no other
 * key, each box within its page (a box drawn to an edge and rounded past it by a hair is cut at the edge). Whether
 * each page exists is for the op, which has the document.
 */
export function readPageBoxes(
  text: string,
): { ok: true; boxes: readonly PageBox[] } | { ok: false; problem: PageBoxesProblem } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: { reason: 'notJson' } };
  }
  if (!Array.isArray(parsed)) return { ok: false, problem: { reason: 'notList' } };
  if (parsed.length > MAX_PAGE_BOXES) return { ok: false, problem: { reason: 'tooMany' } };
  const boxes: PageBox[] = [];
  for (const [index, value] of parsed.entries()) {
    const box = readPageBox(value);
    if (typeof box === 'string') return { ok: false, problem: { reason: box, item: index + 1 } };
    boxes.push(box);
  }
  return { ok: true, boxes };
}

/**
 * Reads one box of a list: an object of `page`, `x`, `y`, `width`, `height` and of no other key than those and
 * `otherKeys` (which the caller reads), within its page.
 */
export function readPageBox(
  value: unknown,
  otherKeys: readonly string[] = [],
): PageBox | 'malformed' | 'outside' {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'malformed';
  const entries = value as Record<string, unknown>;
  if (!Object.keys(entries).every((key) => BOX_KEYS.has(key) || otherKeys.includes(key))) return 'malformed';
  const { page, x, y, width, height } = entries;
  if (typeof page !== 'number' || !Number.isSafeInteger(page) || page < 1) return 'malformed';
  const sides = [x, y, width, height];
  if (!sides.every((side): side is number => typeof side === 'number' && Number.isFinite(side))) {
    return 'malformed';
  }
  const [left = 0, top = 0, boxWidth = 0, boxHeight = 0] = sides;
  const isInside =
    left >= 0 &&
    top >= 0 &&
    boxWidth > 0 &&
    boxHeight > 0 &&
    left + boxWidth <= 1 + EDGE_TOLERANCE &&
    top + boxHeight <= 1 + EDGE_TOLERANCE;
  if (!isInside) return 'outside';
  return { page, x: left, y: top, width: Math.min(boxWidth, 1 - left), height: Math.min(boxHeight, 1 - top) };
}

/**
 * A box in the coordinates of its page as seen (`bounds`: the page's `[x0, y0, x1, y1]` upright, y downwards, as
 * MuPDF gives a page's bounds): `[x0, y0, x1, y1]`.
 */
export function pageBoxRect(
  box: PageBox,
  bounds: readonly [number, number, number, number],
): [number, number, number, number] {
  const [x0, y0, x1, y1] = bounds;
  const width = x1 - x0;
  const height = y1 - y0;
  return [
    x0 + box.x * width,
    y0 + box.y * height,
    x0 + (box.x + box.width) * width,
    y0 + (box.y + box.height) * height,
  ];
}

/** English description of a problem, for the API's `message` (the site words its own). */
export function describePageBoxesProblem(name: string, problem: PageBoxesProblem): string {
  const where = `${name} item ${problem.item}`;
  switch (problem.reason) {
    case 'notJson':
      return `${name} is not JSON: send an array such as ${PAGE_BOXES_EXAMPLE}.`;
    case 'notList':
      return `${name} must be a JSON array of boxes, such as ${PAGE_BOXES_EXAMPLE}.`;
    case 'tooMany':
      return `${name} lists more than ${MAX_PAGE_BOXES} boxes.`;
    case 'malformed':
      return `${where} is not {"page": <number from 1>, "x": <0 to 1>, "y": <0 to 1>, "width": <0 to 1>, "height": <0 to 1>}.`;
    case 'outside':
      return `${where} reaches past its page: x + width and y + height must be at most 1, width and height above 0.`;
  }
}

export function pageBoxesError(name: string, problem: PageBoxesProblem): AppError {
  return new AppError('INVALID_OPTIONS', describePageBoxesProblem(name, problem), {
    option: name,
    ...problem,
  });
}
