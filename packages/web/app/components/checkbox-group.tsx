export type CheckboxChoice = { readonly value: string; readonly label: string };

type CheckboxGroupProps = {
  readonly legend: string;
  /** A line under the legend. */
  readonly hint?: string;
  readonly choices: readonly CheckboxChoice[];
  readonly selected: readonly string[];
  /** Once this many are ticked, the others cannot be. */
  readonly maxSelected: number;
  readonly disabled?: boolean;
  readonly testId?: string;
  readonly onChange: (selected: string[]) => void;
};

/**
 * A set of native checkboxes shown as compact cards, in the order of `choices`; the legend names the group, the hint
 * is tied to it (`aria-describedby`), and every card is at least 44px tall. The selection keeps the order of
 * `choices`.
 */
export function CheckboxGroup(props: CheckboxGroupProps) {
  const { legend, hint, choices, selected, maxSelected, disabled = false, testId, onChange } = props;
  const hintId = testId ? `${testId}-hint` : undefined;
  const isFull = selected.length >= maxSelected;
  return (
    <fieldset
      className="min-w-0"
      disabled={disabled}
      data-testid={testId}
      aria-describedby={hint ? hintId : undefined}
    >
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {hint && (
        <p id={hintId} className="mb-2 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {choices.map((choice) => {
          const isChecked = selected.includes(choice.value);
          return (
            <label
              key={choice.value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-3 py-2 text-start text-sm transition-colors hover:border-indigo-400 has-checked:border-indigo-600 has-checked:bg-indigo-50 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                type="checkbox"
                value={choice.value}
                checked={isChecked}
                disabled={!isChecked && isFull}
                onChange={() =>
                  onChange(
                    choices
                      .map((each) => each.value)
                      .filter((value) => (value === choice.value ? !isChecked : selected.includes(value))),
                  )
                }
                className="size-4 shrink-0 accent-indigo-600 focus-visible:outline-none"
              />
              <span className="min-w-0 font-medium text-slate-900">{choice.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
