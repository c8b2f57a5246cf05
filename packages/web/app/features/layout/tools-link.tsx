import { homePath } from '@quire/shared';
import type { MouseEvent, ReactNode } from 'react';
import { useLocale } from '../../i18n/use-locale.ts';
import { TOOLS_SECTION_ID, useScrollToTools } from '../../lib/use-scroll-to-tools.ts';

type ToolsLinkProps = {
  readonly className: string;
  readonly testId?: string;
  /** Runs before the scroll, e.g. to close the menu the link is in. */
  readonly onFollow?: () => void;
  readonly children: ReactNode;
};

/**
 * A link to the tools section of the language's home page: "Tools" and "Choose a tool" in the header, the way back
 * from the help center. It goes home, then scrolls to the section and moves the keyboard focus there. It is a real
 * link: without JavaScript, or opened in a new tab or window, it goes to `/#tools`.
 */
export function ToolsLink({ className, testId, onFollow, children }: ToolsLinkProps) {
  const locale = useLocale();
  const scrollToTools = useScrollToTools();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onFollow?.();
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
