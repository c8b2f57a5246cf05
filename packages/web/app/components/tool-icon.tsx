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

/** A tool's card icon: its registry glyph on its accent colour. */
export function ToolIcon({ tool, size = 'md' }: { tool: ToolDefinition; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-14 rounded-2xl' : 'size-12 rounded-xl';
  return (
    <span className={`inline-flex shrink-0 items-center justify-center ${box} ${COLOR_CLASSES[tool.color]}`}>
      <Svg className={size === 'lg' ? 'size-7' : 'size-6'}>
        <path d={tool.glyph} />
      </Svg>
    </span>
  );
}
