type MarkdownBodyProps = {
  /** HTML from `renderMarkdown`: our own content, with any raw HTML of the source already escaped. */
  readonly html: string;
  /** Colour and spacing around the text (the typography itself is in `markdown-body.css`). */
  readonly className?: string;
  readonly lang?: string;
  readonly dir?: 'ltr' | 'rtl';
  readonly testId?: string;
};

/** HTML rendered from our Markdown, with the site's typography for it. */
export function MarkdownBody({ html, className = 'text-slate-700', lang, dir, testId }: MarkdownBodyProps) {
  return (
    <div
      className={`markdown-body ${className}`}
      lang={lang}
      dir={dir}
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
