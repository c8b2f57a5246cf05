import type { UptimeTone } from './status-view.ts';

/**
 * The colour bands of spec section 9, written out in full so Tailwind finds them. The percent is always printed
 * too; the colour repeats it. Text shades keep a contrast above 4.5:1 on white, cell shades above 4.5:1 between
 * their dark text and their fill.
 */
export const UPTIME_TEXT = {
  green: 'text-emerald-700',
  yellow: 'text-yellow-800',
  orange: 'text-orange-700',
  red: 'text-red-700',
  none: 'text-slate-600',
} as const satisfies Record<UptimeTone, string>;

export const UPTIME_CELL = {
  green: 'bg-emerald-400 text-emerald-950',
  yellow: 'bg-yellow-300 text-yellow-950',
  orange: 'bg-orange-400 text-orange-950',
  red: 'bg-red-400 text-red-950',
  none: 'bg-slate-100 text-slate-600 ring-1 ring-inset ring-slate-300',
} as const satisfies Record<UptimeTone, string>;
