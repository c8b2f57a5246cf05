/** Shared class lists for buttons and button-like links (44px tall: a comfortable touch target). */
const BASE =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 text-sm font-semibold transition-colors ' +
  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60';

export const BUTTON_STYLES = {
  primary: `${BASE} bg-indigo-600 text-white shadow-sm hover:bg-indigo-700`,
  secondary: `${BASE} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  ghost: `${BASE} text-slate-700 hover:bg-slate-100`,
  inverse: `${BASE} bg-white text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-white`,
} as const;

export type ButtonVariant = keyof typeof BUTTON_STYLES;
