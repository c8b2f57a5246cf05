import { AppError } from '../errors/app-error.ts';
import { MAX_PAGE_BOXES, readPageBox, type PageBox } from './page-boxes.ts';

/**
 * Where one picture goes (Sign PDF's `placements`): a box on a page in the coordinates of Redact PDF's areas
 * (`PageBox`: fractions of the page as seen, upright, from its top-left corner), and the number of its picture
 * (`image`: 0 for the `image-0` file).
 */
export type Placement = PageBox & { readonly image: number };

/** Most placements of one request: as many as boxes of Redact PDF's areas. */
export const MAX_PLACEMENTS = MAX_PAGE_BOXES;

/** Longest placements field: a box's longest form and its picture's number, a thousand times. */
export const MAX_PLACEMENTS_BYTES = 144 * MAX_PLACEMENTS;

/** An example of placements: the first picture at the bottom right of page 1. */
export const PLACEMENTS_EXAMPLE =
  '[{"page": 1, "x": 0.62, "y": 0.81, "width": 0.25, "height": 0.06, "image": 0}]';

/** Why placements are refused; `item` numbers the placement at fault from 1. */
export type PlacementsProblem = {
  readonly reason: 'required' | 'notJson' | 'notList' | 'tooMany' | 'malformed' | 'outside' | 'noImage';
  readonly item?: number;
};

/**
 * Reads placements as sent: a JSON array of at least one `{"page", "x", "y", "width", "height", "image"}` (`image`
 * a whole number from 0, 0 when left out), each box within its page (`readPageBox`). Whether each page exists is
 * for the op; whether each picture was sent, for whoever knows the files (`checkPlacementImages`).
 */
export function readPlacements(
  text: string | undefined,
): { ok: true; placements: readonly Placement[] } | { ok: false; problem: PlacementsProblem } {
  if (text === undefined) return { ok: false, problem: { reason: 'required' } };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: { reason: 'notJson' } };
  }
  if (!Array.isArray(parsed)) return { ok: false, problem: { reason: 'notList' } };
  if (parsed.length === 0) return { ok: false, problem: { reason: 'required' } };
  if (parsed.length > MAX_PLACEMENTS) return { ok: false, problem: { reason: 'tooMany' } };
  const placements: Placement[] = [];
  for (const [index, value] of parsed.entries()) {
    const box = readPageBox(value, ['image']);
    if (typeof box === 'string') return { ok: false, problem: { reason: box, item: index + 1 } };
    const image = (value as { image?: unknown }).image ?? 0;
    if (typeof image !== 'number' || !Number.isSafeInteger(image) || image < 0) {
      return { ok: false, problem: { reason: 'malformed', item: index + 1 } };
    }
    placements.push({ ...box, image });
  }
  return { ok: true, placements };
}

/** The first placement whose picture is not among `imageCount` pictures sent, as a problem; null when all are. */
export function findMissingImage(
  placements: readonly Placement[],
  imageCount: number,
): PlacementsProblem | null {
  const index = placements.findIndex((placement) => placement.image >= imageCount);
  return index < 0 ? null : { reason: 'noImage', item: index + 1 };
}

/** English description of a problem, for the API's `message` (the site words its own). */
export function describePlacementsProblem(name: string, problem: PlacementsProblem): string {
  const where = `${name} item ${problem.item}`;
  switch (problem.reason) {
    case 'required':
      return `The "${name}" field is required: a JSON array of at least one placement, such as ${PLACEMENTS_EXAMPLE}.`;
    case 'notJson':
      return `${name} is not JSON: send an array such as ${PLACEMENTS_EXAMPLE}.`;
    case 'notList':
      return `${name} must be a JSON array of placements, such as ${PLACEMENTS_EXAMPLE}.`;
    case 'tooMany':
      return `${name} lists more than ${MAX_PLACEMENTS} placements.`;
    case 'malformed':
      return `${where} is not {"page": <number from 1>, "x": <0 to 1>, "y": <0 to 1>, "width": <0 to 1>, "height": <0 to 1>, "image": <number from 0>}.`;
    case 'outside':
      return `${where} reaches past its page: x + width and y + height must be at most 1, width and height above 0.`;
    case 'noImage':
      return `${where} names a picture that was not sent: send it as "image-<its number>".`;
  }
}

export function placementsError(name: string, problem: PlacementsProblem): AppError {
  return new AppError('INVALID_OPTIONS', describePlacementsProblem(name, problem), {
    option: name,
    ...problem,
  });
}
