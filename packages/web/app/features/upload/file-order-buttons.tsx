import { ChevronDownIcon, ChevronUpIcon } from '../../components/icons.tsx';

type FileOrderButtonsProps = {
  readonly isFirst: boolean;
  readonly isLast: boolean;
  readonly disabled: boolean;
  readonly upLabel: string;
  readonly downLabel: string;
  readonly onUp: () => void;
  readonly onDown: () => void;
};

const BUTTON =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-indigo-50 ' +
  'hover:text-indigo-700 focus-visible:outline-3 focus-visible:outline-indigo-600 disabled:opacity-30';

/** Move up / move down buttons of one entry in an ordered file list. */
export function FileOrderButtons(props: FileOrderButtonsProps) {
  const { isFirst, isLast, disabled, upLabel, downLabel, onUp, onDown } = props;
  return (
    <span className="flex shrink-0">
      <button
        type="button"
        data-move="up"
        data-testid="move-up"
        aria-label={upLabel}
        disabled={disabled || isFirst}
        onClick={onUp}
        className={BUTTON}
      >
        <ChevronUpIcon className="size-5" />
      </button>
      <button
        type="button"
        data-move="down"
        data-testid="move-down"
        aria-label={downLabel}
        disabled={disabled || isLast}
        onClick={onDown}
        className={BUTTON}
      >
        <ChevronDownIcon className="size-5" />
      </button>
    </span>
  );
}
