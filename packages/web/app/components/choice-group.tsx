export type Choice<V extends string> = {
  readonly value: V;
  readonly label: string;
  /** A one-line explanation under the label. */
  readonly hint?: string;
};

type ChoiceGroupProps<V extends string> = {
  /** The radio group's `name`, unique on the page. */
  readonly name: string;
  readonly legend: string;
  readonly choices: readonly Choice<V>[];
  readonly value: V;
  readonly disabled?: boolean;
  readonly testId?: string;
  readonly onChange: (value: V) => void;
};

const COLUMNS: Record<number, string> = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' };

/**
 * A set of native radio buttons shown as selectable cards: arrow keys move the choice, the legend names the
 * group and every card is at least 44px tall.
 */
export function ChoiceGroup<V extends string>(props: ChoiceGroupProps<V>) {
  const { name, legend, choices, value, disabled = false, testId, onChange } = props;
  return (
    <fieldset className="min-w-0" disabled={disabled} data-testid={testId}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">{legend}</legend>
      <div className={`grid grid-cols-1 gap-2 ${COLUMNS[choices.length] ?? 'sm:grid-cols-3'}`}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-start transition-colors hover:border-indigo-400 has-checked:border-indigo-600 has-checked:bg-indigo-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 has-disabled:cursor-not-allowed has-disabled:opacity-60"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              className="mt-0.5 size-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-slate-900">{choice.label}</span>
              {choice.hint && <span className="mt-0.5 block text-xs text-slate-600">{choice.hint}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
