import { homePath } from '@quire/shared';
import type { MouseEvent, ReactNode } from 'react';
import { useLocale } from '../../i18n/use-locale.ts';
import { TOOLS_SECTION_ID, useScrollToTools } from '../../lib/use-scroll-to-tools.ts';

type BackToToolsProps = { readonly className: string; readonly testId: string; readonly children: ReactNode };

/**
 * A link to the tools section of the language's home page that behaves like "Tools" in the header: it goes home,
 * then scrolls to the section and moves the keyboard focus there. Without JavaScript it is a plain link to `#tools`.
 */
export function BackToTools({ className, testId, children }: BackToToolsProps) {
  const locale = useLocale();
  const scrollToTools = useScrollToTools();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    scrollToTools();
  };
  return (
    <a
      href={`${homePath(locale)}#${TOOLS_SECTION_ID}`}
      onClick={onClick}
      className={className}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
