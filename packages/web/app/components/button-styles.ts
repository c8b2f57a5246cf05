/** Shared class lists for buttons and button-like links (44px tall: a comfortable touch target). */
const SHAPE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';

const LOOKS = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  inverse: 'bg-white text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-white',
} as const;

export type ButtonVariant = keyof typeof LOOKS;

const stylesOf = (extra: string) =>
  Object.fromEntries(
    Object.entries(LOOKS).map(([variant, looks]) => [variant, `${SHAPE}${extra} ${looks}`]),
  ) as Record<ButtonVariant, string>;

/** Buttons whose colours ease on hover. */
export const BUTTON_STYLES = stylesOf(' transition-colors');

/**
 * For a button that changes variant in place (the drop area's, once files are chosen): no colour transition, so
 * it is never shown, or measured for contrast, half-way between two variants.
 */
export const STILL_BUTTON_STYLES = stylesOf('');
