/** Resolution of the images PDF to JPG renders, per quality option (spec section 9). */
export const JPG_DPI = { high: 300, medium: 150, low: 72 } as const;

export type JpgQuality = keyof typeof JPG_DPI;
