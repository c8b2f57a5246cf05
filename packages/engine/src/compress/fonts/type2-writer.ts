/** Type 2 charstring writing: stems and hint masks, relative moves, operands. */

export type Stem = { pos: number; size: number };
export type HintGroup = { h: Stem[]; v: Stem[] };
export type Segment = { kind: 'move' | 'line' | 'curve'; points: number[]; group: number };

/** Stems per direction that fit one Type 2 stem operator within its 48 arguments, with the width. */
const MAX_STEMS = 22;

export const OP = {
  hstem: 1,
  vstem: 3,
  vmoveto: 4,
  rlineto: 5,
  hlineto: 6,
  vlineto: 7,
  rrcurveto: 8,
  endchar: 14,
  hstemhm: 18,
  hintmask: 19,
  rmoveto: 21,
  hmoveto: 22,
  vstemhm: 23,
} as const;

/** Every stem of the glyph, sorted; masks when the glyph replaces its hints or its stems overlap. */
export function planHints(groups: readonly HintGroup[]) {
  const unique = (stems: Stem[]) => {
    const seen = new Map<string, Stem>();
    for (const stem of stems) seen.set(`${stem.pos}/${stem.size}`, stem);
    return [...seen.values()].sort((a, b) => a.pos - b.pos || a.size - b.size);
  };
  const h = unique(groups.flatMap((group) => group.h));
  const v = unique(groups.flatMap((group) => group.v));
  if (h.length > MAX_STEMS || v.length > MAX_STEMS || h.length + v.length === 0) return null;
  const overlaps = (stems: Stem[]) =>
    stems.some((stem, index) => {
      const next = stems[index + 1];
      return next !== undefined && next.pos < stem.pos + Math.max(0, stem.size);
    });
  const usesMasks =
    groups.filter((group) => group.h.length + group.v.length > 0).length > 1 || overlaps(h) || overlaps(v);
  const indexOf = (list: Stem[], stem: Stem) =>
    list.findIndex((s) => s.pos === stem.pos && s.size === stem.size);
  const maskOf = (groupIndex: number): number[] => {
    const group = groups[groupIndex] ?? { h: [], v: [] };
    const bits = new Array<number>(Math.ceil((h.length + v.length) / 8)).fill(0);
    const set = (bit: number) => {
      bits[bit >> 3] = (bits[bit >> 3] ?? 0) | (0x80 >> (bit & 7));
    };
    for (const stem of group.h) set(indexOf(h, stem));
    for (const stem of group.v) set(h.length + indexOf(v, stem));
    return bits;
  };
  return { h, v, usesMasks, maskOf };
}

/** Writes Type 2 operands and operators, tracking the pen as a reader will (deltas rounded to 1/65536). */
export class Type2Writer {
  readonly bytes: number[] = [];
  private x = 0;
  private y = 0;

  op(op: number): void {
    this.bytes.push(op);
  }

  number(value: number): void {
    this.bytes.push(...type2Number(value));
  }

  stems(stems: readonly Stem[], op: number): void {
    if (stems.length === 0) return;
    let edge = 0;
    for (const stem of stems) {
      this.number(quantise(stem.pos - edge));
      this.number(quantise(stem.size));
      edge = stem.pos + stem.size;
    }
    this.op(op);
  }

  mask(bits: readonly number[]): void {
    this.op(OP.hintmask);
    this.bytes.push(...bits);
  }

  segments(batch: readonly Segment[]): void {
    const first = batch[0];
    if (!first) return;
    for (const segment of batch) {
      const points = segment.points;
      for (let index = 0; index < points.length; index += 2) {
        const dx = quantise((points[index] ?? 0) - this.x);
        const dy = quantise((points[index + 1] ?? 0) - this.y);
        this.x += dx;
        this.y += dy;
        if (first.kind === 'move' && dx === 0) this.number(dy);
        else if (first.kind === 'move' && dy === 0) this.number(dx);
        else {
          this.number(dx);
          this.number(dy);
        }
        if (first.kind === 'move') this.op(dx === 0 ? OP.vmoveto : dy === 0 ? OP.hmoveto : OP.rmoveto);
      }
    }
    if (first.kind === 'line') this.op(OP.rlineto);
    if (first.kind === 'curve') this.op(OP.rrcurveto);
  }
}

/** A Type 2 charstring operand: the shortest integer form, else a 16.16 fixed-point number. */
export function type2Number(value: number): number[] {
  if (Number.isInteger(value) && value >= -107 && value <= 107) return [value + 139];
  if (Number.isInteger(value) && value >= 108 && value <= 1131) {
    return [((value - 108) >> 8) + 247, (value - 108) & 0xff];
  }
  if (Number.isInteger(value) && value >= -1131 && value <= -108) {
    return [((-value - 108) >> 8) + 251, (-value - 108) & 0xff];
  }
  if (Number.isInteger(value) && value >= -32768 && value <= 32767)
    return [28, (value >> 8) & 0xff, value & 0xff];
  const fixed = Math.round(value * 65536) | 0;
  return [255, (fixed >>> 24) & 0xff, (fixed >>> 16) & 0xff, (fixed >>> 8) & 0xff, fixed & 0xff];
}

function quantise(value: number): number {
  return Math.round(value * 65536) / 65536;
}
