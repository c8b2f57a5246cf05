/**
 * Text whose `backticked` parts are code (field names, values, codes), as the OpenAPI descriptions and their
 * translations write them. Code keeps left-to-right order inside a right-to-left sentence.
 */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code
            key={index}
            dir="ltr"
            className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800"
          >
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
