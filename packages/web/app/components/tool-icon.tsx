import type { ToolDefinition } from '@quire/shared';
import { Svg } from './icons.tsx';

/** Accent classes per registry colour; written out in full so Tailwind finds them. */
const COLOR_CLASSES = {
  red: 'bg-red-50 text-red-700',
  blue: 'bg-blue-50 text-blue-700',
  green: 'bg-emerald-50 text-emerald-700',
  purple: 'bg-purple-50 text-purple-700',
  orange: 'bg-orange-50 text-orange-700',
  pink: 'bg-pink-50 text-pink-700',
  teal: 'bg-teal-50 text-teal-700',
  indigo: 'bg-indigo-50 text-indigo-700',
} satisfies Record<ToolDefinition['color'], string>;

/** Each size's box and glyph: `sm` in a line of text (a result's next tools), `md` on cards, `lg` in a heading. */
const SIZES = {
  sm: { box: 'size-8 rounded-lg', glyph: 'size-5' },
  md: { box: 'size-12 rounded-xl', glyph: 'size-6' },
  lg: { box: 'size-14 rounded-2xl', glyph: 'size-7' },
} as const;

/** A tool's card icon: its registry glyph on its accent colour. */
export function ToolIcon({ tool, size = 'md' }: { tool: ToolDefinition; size?: keyof typeof SIZES }) {
  const { box, glyph } = SIZES[size];
  return (
    <span className={`inline-flex shrink-0 items-center justify-center ${box} ${COLOR_CLASSES[tool.color]}`}>
      <Svg className={glyph}>
        <path d={tool.glyph} />
      </Svg>
    </span>
  );
}
