/**
 * The favicon the pages link: a PNG that the build draws from `public/favicon.svg` (`build-time/write-favicon.ts`),
 * big enough for a tab's 16 px at 3× (a phone).
 */
export const FAVICON = { file: 'favicon.png', px: 48 } as const;
