/** A PDF colour (grey, RGB or CMYK components from 0 to 1) as Word writes it: `RRGGBB`. */
export function toHex(color: readonly number[]): string {
  const [r = 0, g = r, b = r] = color.length === 4 ? cmykToRgb(color) : color;
  return [r, g, b]
    .map((value) =>
      Math.round(value * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();
}

/** The naive conversion MuPDF's text colours need: no colour profile is involved. */
function cmykToRgb([c = 0, m = 0, y = 0, k = 0]: readonly number[]): number[] {
  return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
}
