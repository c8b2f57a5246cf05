import type { ServiceStatus } from '@quire/shared';
import { AlertIcon, CheckIcon, type IconProps } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';
import { CrossCircleIcon, DashCircleIcon, WrenchIcon } from './status-icons.tsx';

export type StatusKey = ServiceStatus | 'unknown';

/**
 * Colour, icon and word of each status: the word always says it, the colour and the icon only repeat it. Text
 * colours are the 800 shades on 50 backgrounds (contrast above 4.5:1).
 */
export const STATUS_LOOKS = {
  operational: {
    badge: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25',
    icon: 'bg-emerald-100 text-emerald-700',
    Icon: CheckIcon,
  },
  partial_outage: {
    badge: 'bg-amber-50 text-amber-900 ring-amber-600/30',
    icon: 'bg-amber-100 text-amber-800',
    Icon: AlertIcon,
  },
  major_outage: {
    badge: 'bg-red-50 text-red-800 ring-red-600/25',
    icon: 'bg-red-100 text-red-700',
    Icon: CrossCircleIcon,
  },
  maintenance: {
    badge: 'bg-sky-50 text-sky-800 ring-sky-600/25',
    icon: 'bg-sky-100 text-sky-700',
    Icon: WrenchIcon,
  },
  unknown: {
    badge: 'bg-slate-100 text-slate-700 ring-slate-500/25',
    icon: 'bg-slate-100 text-slate-600',
    Icon: DashCircleIcon,
  },
} as const satisfies Record<
  StatusKey,
  { badge: string; icon: string; Icon: (props: IconProps) => React.JSX.Element }
>;

export const statusKey = (status: ServiceStatus | null): StatusKey => status ?? 'unknown';

export function StatusBadge({ status }: { status: ServiceStatus | null }) {
  const t = useT();
  const key = statusKey(status);
  const { badge, Icon } = STATUS_LOOKS[key];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${badge}`}
      data-status={key}
    >
      <Icon className="size-3.5" />
      {t(`status.badge.${key}`)}
    </span>
  );
}
