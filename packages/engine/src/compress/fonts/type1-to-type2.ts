import { STANDARD_ENCODING } from './standard-names.ts';
import { OP, planHints, Type2Writer, type HintGroup, type Segment } from './type2-writer.ts';

/** A glyph rewritten as a Type 2 (CFF) charstring, without its width, which the CFF writer puts in front. */
export type Type2Glyph = { width: number; body: number[] };

/** The Type 1 specification's limit on nested subroutine calls. */
const MAX_CALL_DEPTH = 10;
/** Operators run per glyph at most: a hostile font's subroutines can call each other in a loop. */
const MAX_OPERATIONS = 100_000;
class ConversionError extends Error {}

/**
 * Runs a Type 1 glyph program and writes the same outline as a Type 2 charstring: absolute points from `hsbw`,
 * flex drawn as its two curves, accented glyphs (`seac`) drawn from their two parts, subroutines inlined, and the
 * stem hints kept (with hint masks where the glyph replaces its hints). Returns null for a program it cannot run.
 */
export function convertType1Glyph(
  name: string,
  charStrings: ReadonlyMap<string, Uint8Array>,
  subrs: readonly Uint8Array[],
): Type2Glyph | null {
  const program = charStrings.get(name);
  if (!program) return null;
  try {
    const glyph = new GlyphRun(charStrings, subrs);
    glyph.run(program, 0, 0, false);
    return { width: glyph.width, body: glyph.write() };
  } catch (error) {
    if (error instanceof ConversionError || error instanceof RangeError) return null;
    throw error;
  }
}

class GlyphRun {
  width = 0;
  private x = 0;
  private y = 0;
  private sbx = 0;
  private sby = 0;
  private stack: number[] = [];
  private ps: number[] = [];
  private flex: number[][] | null = null;
  private groups: HintGroup[] = [{ h: [], v: [] }];
  private segments: Segment[] = [];
  private hasHints = true;
  private operations = 0;
  private isDone = false;

  constructor(
    private readonly charStrings: ReadonlyMap<string, Uint8Array>,
    private readonly subrs: readonly Uint8Array[],
  ) {}

  /** Runs one program; `dx`, `dy` move a component of an accented glyph, which sets no width. */
  run(program: Uint8Array, dx: number, dy: number, isComponent: boolean, depth = 0): void {
    if (depth > MAX_CALL_DEPTH) throw new ConversionError('subroutines nested too deep');
    let at = 0;
    while (at < program.length && !this.isDone) {
      const byte = program[at] ?? 0;
      at += 1;
      if (byte >= 32) {
        at = this.readNumber(program, at, byte);
        continue;
      }
      this.operations += 1;
      if (this.operations > MAX_OPERATIONS) throw new ConversionError('too many operations');
      if (byte === 12) {
        const escaped = program[at] ?? -1;
        at += 1;
        this.escaped(escaped, dx, dy, isComponent, depth);
        continue;
      }
      if (byte === 11) return;
      this.operator(byte, dx, dy, isComponent, depth);
    }
  }

  private readNumber(program: Uint8Array, at: number, byte: number): number {
    if (byte <= 246) this.stack.push(byte - 139);
    else if (byte <= 250) this.stack.push((byte - 247) * 256 + (program[at] ?? 0) + 108);
    else if (byte <= 254) this.stack.push(-(byte - 251) * 256 - (program[at] ?? 0) - 108);
    else {
      const view = new DataView(program.buffer, program.byteOffset + at, 4);
      this.stack.push(view.getInt32(0));
      return at + 4;
    }
    return byte <= 246 ? at : at + 1;
  }

  private take(count: number): number[] {
    if (this.stack.length < count) throw new ConversionError('stack underflow');
    return this.stack.splice(this.stack.length - count, count);
  }

  private operator(op: number, dx: number, dy: number, isComponent: boolean, depth: number): void {
    switch (op) {
      case 13: {
        // hsbw: side bearing and width; the pen starts at the side bearing.
        const [sbx = 0, wx = 0] = this.take(2);
        this.startGlyph(sbx, 0, wx, dx, dy, isComponent);
        break;
      }
      case 1: {
        const [y = 0, size = 0] = this.take(2);
        this.addStem('h', y + this.sby, size);
        break;
      }
      case 3: {
        const [x = 0, size = 0] = this.take(2);
        this.addStem('v', x + this.sbx, size);
        break;
      }
      case 21: {
        const [x = 0, y = 0] = this.take(2);
        this.moveBy(x, y);
        break;
      }
      case 22:
        this.moveBy(this.take(1)[0] ?? 0, 0);
        break;
      case 4:
        this.moveBy(0, this.take(1)[0] ?? 0);
        break;
      case 5: {
        const [x = 0, y = 0] = this.take(2);
        this.lineBy(x, y);
        break;
      }
      case 6:
        this.lineBy(this.take(1)[0] ?? 0, 0);
        break;
      case 7:
        this.lineBy(0, this.take(1)[0] ?? 0);
        break;
      case 8: {
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = this.take(6);
        this.curveBy(a, b, c, d, e, f);
        break;
      }
      case 30: {
        const [a = 0, b = 0, c = 0, d = 0] = this.take(4);
        this.curveBy(0, a, b, c, d, 0);
        break;
      }
      case 31: {
        const [a = 0, b = 0, c = 0, d = 0] = this.take(4);
        this.curveBy(a, 0, b, c, 0, d);
        break;
      }
      case 9:
        // closepath: Type 2 closes every subpath by itself.
        break;
      case 10: {
        const [index = -1] = this.take(1);
        const subr = this.subrs[index];
        if (!subr) throw new ConversionError('missing subroutine');
        this.run(subr, dx, dy, isComponent, depth + 1);
        return;
      }
      case 14:
        this.isDone = true;
        break;
      default:
        throw new ConversionError(`unknown operator ${op}`);
    }
    this.stack = [];
  }

  private escaped(op: number, dx: number, dy: number, isComponent: boolean, depth: number): void {
    switch (op) {
      case 0:
        // dotsection: a hint for old rasterisers only.
        break;
      case 1: {
        const [x0 = 0, d0 = 0, x1 = 0, d1 = 0, x2 = 0, d2 = 0] = this.take(6);
        for (const [x, size] of [
          [x0, d0],
          [x1, d1],
          [x2, d2],
        ] as const)
          this.addStem('v', x + this.sbx, size);
        break;
      }
      case 2: {
        const [y0 = 0, d0 = 0, y1 = 0, d1 = 0, y2 = 0, d2 = 0] = this.take(6);
        for (const [y, size] of [
          [y0, d0],
          [y1, d1],
          [y2, d2],
        ] as const)
          this.addStem('h', y + this.sby, size);
        break;
      }
      case 6:
        this.drawAccented(isComponent, depth);
        return;
      case 7: {
        const [sbx = 0, sby = 0, wx = 0] = this.take(4);
        this.startGlyph(sbx, sby, wx, dx, dy, isComponent);
        break;
      }
      case 12: {
        const [a = 0, b = 1] = this.take(2);
        if (b === 0) throw new ConversionError('division by zero');
        this.stack.push(a / b);
        return;
      }
      case 16:
        this.callOtherSubr();
        return;
      case 17:
        this.stack.push(this.ps.pop() ?? 0);
        return;
      case 33:
        // setcurrentpoint: after flex, where the pen already is.
        this.take(2);
        break;
      default:
        throw new ConversionError(`unknown operator 12 ${op}`);
    }
    this.stack = [];
  }

  private startGlyph(sbx: number, sby: number, wx: number, dx: number, dy: number, isComponent: boolean) {
    this.sbx = sbx + dx;
    this.sby = sby + dy;
    this.x = this.sbx;
    this.y = this.sby;
    if (!isComponent) this.width = wx;
  }

  /**
   * seac: the base glyph, then the accent moved by (adx − asb + the accented glyph's own side bearing, ady), as
   * FreeType and Ghostscript place it; drawn without hints.
   */
  private drawAccented(isComponent: boolean, depth: number): void {
    const [asb = 0, adx = 0, ady = 0, baseCode = 0, accentCode = 0] = this.take(5);
    if (isComponent) throw new ConversionError('nested seac');
    const base = this.charStrings.get(STANDARD_ENCODING.get(baseCode) ?? '');
    const accent = this.charStrings.get(STANDARD_ENCODING.get(accentCode) ?? '');
    if (!base || !accent) throw new ConversionError('seac part missing');
    const ownSideBearing = this.sbx;
    this.hasHints = false;
    this.segments = [];
    this.run(base, 0, 0, true, depth + 1);
    this.isDone = false;
    this.stack = [];
    this.run(accent, adx - asb + ownSideBearing, ady, true, depth + 1);
    this.isDone = true;
  }

  private callOtherSubr(): void {
    const [count = 0, number = -1] = this.take(2);
    const args = this.take(count);
    switch (number) {
      case 0: {
        // End of flex: seven points were collected (a reference point, then the two curves).
        const points = this.flex;
        this.flex = null;
        if (!points || points.length !== 7) throw new ConversionError('broken flex');
        const flat = points.slice(1).flat();
        this.pushSegment('curve', flat.slice(0, 6));
        this.pushSegment('curve', flat.slice(6, 12));
        this.ps = [args[2] ?? 0, args[1] ?? 0];
        return;
      }
      case 1:
        this.flex = [];
        this.ps = [];
        return;
      case 2:
        this.ps = [];
        return;
      case 3:
        // Hint replacement: the stems that follow (from the subroutine whose number pop gives back) replace these.
        this.groups.push({ h: [], v: [] });
        this.ps = args;
        return;
      default:
        this.ps = args;
    }
  }

  private addStem(direction: 'h' | 'v', pos: number, size: number): void {
    if (!this.hasHints) return;
    const group = this.groups[this.groups.length - 1] as HintGroup;
    group[direction].push({ pos, size });
  }

  private moveBy(dx: number, dy: number): void {
    this.x += dx;
    this.y += dy;
    if (this.flex) this.flex.push([this.x, this.y]);
    else this.pushSegment('move', [this.x, this.y]);
  }

  private lineBy(dx: number, dy: number): void {
    this.x += dx;
    this.y += dy;
    this.pushSegment('line', [this.x, this.y]);
  }

  private curveBy(dx1: number, dy1: number, dx2: number, dy2: number, dx3: number, dy3: number): void {
    const x1 = this.x + dx1;
    const y1 = this.y + dy1;
    const x2 = x1 + dx2;
    const y2 = y1 + dy2;
    this.x = x2 + dx3;
    this.y = y2 + dy3;
    this.pushSegment('curve', [x1, y1, x2, y2, this.x, this.y]);
  }

  private pushSegment(kind: Segment['kind'], points: number[]): void {
    this.segments.push({ kind, points, group: this.groups.length - 1 });
  }

  /** The Type 2 program: stems (and hint masks), the outline in relative moves, endchar. */
  write(): number[] {
    const out = new Type2Writer();
    const hints = this.hasHints ? planHints(this.groups) : null;
    if (hints) {
      out.stems(hints.h, hints.usesMasks ? OP.hstemhm : OP.hstem);
      out.stems(hints.v, hints.usesMasks ? OP.vstemhm : OP.vstem);
    }
    let maskedGroup = -1;
    let batch: Segment[] = [];
    const flush = () => {
      out.segments(batch);
      batch = [];
    };
    for (const segment of this.segments) {
      if (hints?.usesMasks && segment.group !== maskedGroup) {
        flush();
        out.mask(hints.maskOf(segment.group));
        maskedGroup = segment.group;
      }
      if (batch.length > 0 && (batch[0]?.kind !== segment.kind || segment.kind === 'move')) flush();
      batch.push(segment);
      if (batch.length >= (segment.kind === 'curve' ? 8 : 24)) flush();
    }
    flush();
    out.op(OP.endchar);
    return out.bytes;
  }
}
