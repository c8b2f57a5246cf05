import { OPTION_KINDS, TOOLS, readPageBoxes, type PageBox } from '@quire/shared';
import type { EditorBox } from '../../../components/page-view/page-box-geometry.ts';

/** Decimals a box's side is sent with: a hundred-thousandth of a page, far under a point. */
const DECIMALS = 5;

/** The boxes of Redact PDF's `areas` field as the editor holds them, each named by its place in the list. */
export function areasOf(field: string | undefined): EditorBox[] {
  if (field === undefined || field.trim() === '') return [];
  const read = readPageBoxes(field);
  return read.ok ? read.boxes.map((box, index) => ({ ...box, id: `area-${index}` })) : [];
}

/**
 * A box as the API is sent it: to a hundred-thousandth of the page, its sides cut down, never up, so that a box
 * drawn to the page's edge stays on it once rounded.
 */
export function sentBox({ page, x, y, width, height }: PageBox): PageBox {
  const scale = 10 ** DECIMALS;
  const round = (value: number) => Math.round(value * scale) / scale;
  const cut = (value: number) => Math.floor(value * scale + 1e-6) / scale;
  const [left, top] = [round(x), round(y)];
  return {
    page,
    x: left,
    y: top,
    width: cut(Math.min(width, 1 - left)),
    height: cut(Math.min(height, 1 - top)),
  };
}

/** The editor's boxes as the `areas` field sends them; undefined (the field left out) for none. */
export function areasField(boxes: readonly PageBox[]): string | undefined {
  if (boxes.length === 0) return undefined;
  return JSON.stringify(boxes.map(sentBox));
}

/** The match numbers of Redact PDF's `skip` field, as the server reads them. */
export function skippedOf(field: string | undefined): ReadonlySet<number> {
  try {
    return new Set(OPTION_KINDS['match-numbers'].read('skip', field, TOOLS.redact.options.skip));
  } catch {
    return new Set();
  }
}

/** The numbers unticked as the `skip` field sends them; undefined (the field left out) for none. */
export function skipField(numbers: ReadonlySet<number>): string | undefined {
  return numbers.size === 0 ? undefined : [...numbers].sort((a, b) => a - b).join(',');
}
