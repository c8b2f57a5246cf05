import type { ToolDefinition, ToolId } from '@quire/shared';
import {
  CompressIcon,
  FileIcon,
  ImageIcon,
  MergeIcon,
  RotateIcon,
  ScanTextIcon,
  SplitIcon,
  WordIcon,
  type IconProps,
} from './icons.tsx';

const TOOL_ICONS = {
  merge: MergeIcon,
  split: SplitIcon,
  compress: CompressIcon,
  'pdf-to-word': WordIcon,
  'word-to-pdf': FileIcon,
  'pdf-to-jpg': ImageIcon,
  'jpg-to-pdf': FileIcon,
  rotate: RotateIcon,
  ocr: ScanTextIcon,
} satisfies Record<ToolId, (props: IconProps) => React.JSX.Element>;

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

export function ToolIcon({ tool, size = 'md' }: { tool: ToolDefinition; size?: 'md' | 'lg' }) {
  const Icon = TOOL_ICONS[tool.id];
  const box = size === 'lg' ? 'size-14 rounded-2xl' : 'size-12 rounded-xl';
  return (
    <span className={`inline-flex shrink-0 items-center justify-center ${box} ${COLOR_CLASSES[tool.color]}`}>
      <Icon className={size === 'lg' ? 'size-7' : 'size-6'} />
    </span>
  );
}
