import { describe, expect, it } from 'vitest';
import { marginsField, OPTION_KINDS } from './option-kinds.ts';
import { TOOLS } from './registry.ts';

const { margins: SPEC } = TOOLS.crop.options;
const read = (raw: string | undefined) => OPTION_KINDS.margins.read('margins', raw, SPEC);

describe('a margins option (Crop PDF)', () => {
  it('reads auto, absent or typed in any case, as auto', () => {
    expect(read(undefined)).toBe('auto');
    expect(read('AUTO')).toBe('auto');
  });

  it('reads four numbers of points, top, right, bottom, left, joined by commas or spaces', () => {
    expect(read('36, 0, 18.5, 72')).toEqual({ top: 36, right: 0, bottom: 18.5, left: 72 });
    expect(read('1 2 3 4')).toEqual({ top: 1, right: 2, bottom: 3, left: 4 });
    expect(marginsField(read('36,0,18.5,72'))).toBe('36, 0, 18.5, 72');
  });

  it.each(['36', '1, 2, 3', '1, 2, 3, 4, 5', '-1, 0, 0, 0', '1e3, 0, 0, 0', 'a, b, c, d', '14401, 0, 0, 0'])(
    'refuses %j, naming the field and the largest margin',
    (raw) => {
      expect(() => read(raw)).toThrow(
        expect.objectContaining({
          code: 'INVALID_OPTIONS',
          details: { option: 'margins', maxPoints: 14_400 },
        }),
      );
    },
  );
});
