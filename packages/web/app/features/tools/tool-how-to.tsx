type ToolHowToProps = { readonly heading: string; readonly steps: readonly string[] };

/** The how-to section of a tool page: numbered steps. */
export function ToolHowTo({ heading, steps }: ToolHowToProps) {
  return (
    <section aria-labelledby="how-to-heading" className="mx-auto mt-12 max-w-3xl">
      <h2 id="how-to-heading" className="text-2xl font-bold tracking-tight text-slate-900">
        {heading}
      </h2>
      <ol className="mt-6 space-y-4">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white">
              {index + 1}
            </span>
            <p className="self-center text-slate-700">{step}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
