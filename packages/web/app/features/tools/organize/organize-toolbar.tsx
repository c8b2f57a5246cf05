import { BLANK_SIZES, type BlankSize } from '@quire/shared';
import { BUTTON_STYLES } from '../../../components/button-styles.ts';

export type ToolbarActionName =
  | 'enlarge'
  | 'turn-left'
  | 'turn-right'
  | 'duplicate'
  | 'remove'
  | 'add-blank'
  | 'undo'
  | 'redo'
  | 'select-all'
  | 'select-none';

export type ToolbarAction = {
  readonly name: ToolbarActionName;
  readonly label: string;
  readonly isEnabled: boolean;
  readonly onClick: () => void;
};

type OrganizeToolbarProps = {
  readonly label: string;
  /** The id of the grid the buttons act on. */
  readonly controlsId: string;
  readonly disabled: boolean;
  readonly actions: readonly ToolbarAction[];
  readonly blankSize: BlankSize;
  readonly blankSizeLabel: string;
  readonly blankSizeName: (size: BlankSize) => string;
  readonly onBlankSizeChange: (size: BlankSize) => void;
};

/** The board's buttons, in order, with the size of the blank page to add before its button. */
export function OrganizeToolbar(props: OrganizeToolbarProps) {
  const { label, controlsId, disabled, actions, blankSize, blankSizeLabel, blankSizeName } = props;
  const button = ({ name, label: words, isEnabled, onClick }: ToolbarAction) => (
    <button
      key={name}
      type="button"
      className={BUTTON_STYLES.secondary}
      disabled={!isEnabled}
      data-testid={`organize-${name}`}
      onClick={onClick}
    >
      {words}
    </button>
  );
  const blankAt = actions.findIndex((action) => action.name === 'add-blank');
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-2"
      role="toolbar"
      aria-label={label}
      aria-controls={controlsId}
    >
      {actions.slice(0, blankAt).map(button)}
      <label className="flex items-center gap-1 text-sm text-slate-700">
        <span>{blankSizeLabel}</span>
        <select
          value={blankSize}
          disabled={disabled}
          data-testid="organize-blank-size"
          className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
          onChange={(event) => props.onBlankSizeChange(event.target.value as BlankSize)}
        >
          {BLANK_SIZES.map((size) => (
            <option key={size} value={size}>
              {blankSizeName(size)}
            </option>
          ))}
        </select>
      </label>
      {actions.slice(blankAt).map(button)}
    </div>
  );
}
