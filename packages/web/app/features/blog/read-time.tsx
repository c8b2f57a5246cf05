import { ClockIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';

/** "5 min read", with the number written the page's way. */
export function ReadTime({ minutes }: { minutes: number }) {
  const t = useT();
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-600" data-testid="read-time">
      <ClockIcon className="size-4 shrink-0 text-slate-500" />
      {t('blog.readTime', { minutes })}
    </span>
  );
}
