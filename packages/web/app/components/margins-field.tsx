import { AUTO_MARGINS } from '@quire/shared';
import { useId } from 'react';
import { ChoiceGroup } from './choice-group.tsx';

/** The four sides a margin is cut from, in the order a margins field sends them. */
const SIDES = ['top', 'right', 'bottom', 'left'] as const;
type Side = (typeof SIDES)[number];

/** What the field starts with when the visitor turns from `auto` to margins in points: half an inch a side. */
const FIRST_POINTS = '36, 36, 36, 36';

type MarginsFieldProps = {
  /** The radio group's `name`, unique on the page. */
  readonly name: string;
  readonly legend: string;
  /** The two ways: found on the page (`auto`) or typed in points, each with its label and hint. */
  readonly choices: Readonly<Record<'auto' | 'points', { label: string; hint: string }>>;
  readonly sideLabels: Readonly<Record<Side, string>>;
  /** `auto`, or four numbers joined by commas (`top, right, bottom, left`), as the server reads the field. */
  readonly value: string;
  readonly disabled?: boolean;
  readonly testId: string;
  readonly onChange: (value: string) => void;
};

/**
 * Margins to cut from a page: found on the page, or four numbers of points, one field a side, laid out as the sides
 * of a page (top above, bottom below).
 */
export function MarginsField(props: MarginsFieldProps) {
  const { name, legend, choices, sideLabels, value, disabled = false, testId, onChange } = props;
  const id = useId();
  const isAuto = value.trim().toLowerCase() === AUTO_MARGINS;
  const numbers = isAuto ? [] : value.split(',').map((part) => part.trim());
  const setSide = (index: number, typed: string) =>
    onChange(SIDES.map((_, side) => (side === index ? typed : (numbers[side] ?? '0'))).join(', '));
  return (
    <div className="space-y-3" data-testid={testId}>
      <ChoiceGroup
        name={name}
        legend={legend}
        value={isAuto ? 'auto' : 'points'}
        disabled={disabled}
        testId={`${testId}-mode`}
        choices={(['auto', 'points'] as const).map((mode) => ({ value: mode, ...choices[mode] }))}
        onChange={(mode) => onChange(mode === 'auto' ? AUTO_MARGINS : FIRST_POINTS)}
      />
      {!isAuto && (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {SIDES.map((side, index) => (
            <div key={side}>
              <label htmlFor={`${id}-${side}`} className="block text-sm font-semibold text-slate-900">
                {sideLabels[side]}
              </label>
              <input
                id={`${id}-${side}`}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                dir="ltr"
                value={numbers[index] ?? ''}
                disabled={disabled}
                data-testid={`${testId}-${side}`}
                onChange={(event) => setSide(index, event.currentTarget.value)}
                className="mt-1 block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-60"
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
