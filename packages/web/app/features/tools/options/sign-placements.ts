import { readPlacements, type PageBox } from '@quire/shared';
import type { EditorBox } from '../../../components/page-view/page-box-geometry.ts';
import { sentBox } from './redact-areas.ts';

/** A signature's ink: the dark blue of a ballpoint, as the name and date under it are written. */
export const SIGNATURE_INK = '#1e2a78';

/** The field of Sign PDF's first picture, which every placement the page makes shows. */
export const SIGNATURE_FIELD = 'image-0';

/**
 * The placements of Sign PDF's `placements` field as the editor holds them, each showing `picture` (the
 * signature's URL) with its proportions kept; none when the field is absent or unreadable.
 */
export function placementsOf(field: string | undefined, picture: string | undefined): EditorBox[] {
  if (field === undefined || field.trim() === '') return [];
  const read = readPlacements(field);
  if (!read.ok) return [];
  return read.placements.map(({ image: _image, ...box }, index) => ({
    ...box,
    id: `placement-${index}`,
    keepsAspect: true,
    ...(picture === undefined ? {} : { picture }),
  }));
}

/** The editor's boxes as the `placements` field sends them, each of the first picture; undefined for none. */
export function placementsField(boxes: readonly PageBox[]): string | undefined {
  if (boxes.length === 0) return undefined;
  return JSON.stringify(boxes.map((box) => ({ ...sentBox(box), image: 0 })));
}

/** Today's date as the page's language writes it in full (`30 November 2026`, `2026年11月30日`). */
export function todayIn(languageTag: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat(languageTag, { dateStyle: 'long' }).format(now);
}
