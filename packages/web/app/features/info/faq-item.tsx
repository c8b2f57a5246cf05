import { ChevronDownIcon } from '../../components/icons.tsx';
import { useT } from '../../i18n/use-t.ts';
import { MarkdownBody } from './markdown-body.tsx';

export type FaqEntryData = {
  readonly id: string;
  readonly question: string;
  readonly answerHtml: string;
};

type FaqItemProps = {
  readonly item: FaqEntryData;
  readonly isHidden: boolean;
  readonly content: { lang?: string; dir?: 'ltr' | 'rtl' };
};

/**
 * One question and its answer as a native disclosure (`<details>`): Enter or Space on the question opens and
 * closes it, the browser's find-in-page reaches closed answers, and `#id` in the address names it.
 */
export function FaqItem({ item, isHidden, content }: FaqItemProps) {
  const t = useT();
  return (
    <details
      id={item.id}
      hidden={isHidden}
      className="group scroll-mt-24 border-b border-slate-200 last:border-b-0"
      data-testid="faq-item"
    >
      <summary className="flex min-h-14 cursor-pointer items-center justify-between gap-4 px-5 py-4 text-start font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
        <span {...content}>{item.question}</span>
        <ChevronDownIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="px-5 pb-5">
        <MarkdownBody html={item.answerHtml} {...content} testId="faq-answer" className="text-slate-600" />
        <a
          href={`#${item.id}`}
          className="mt-3 inline-flex min-h-11 items-center rounded-md text-sm font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700 focus-visible:outline-3 focus-visible:outline-indigo-600"
        >
          {t('info.faq.permalink')}
        </a>
      </div>
    </details>
  );
}
