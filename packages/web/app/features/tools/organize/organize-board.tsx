import type { BlankSize } from '@quire/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BUTTON_STYLES } from '../../../components/button-styles.ts';
import { AlertIcon } from '../../../components/icons.tsx';
import type { PageRenderer } from '../../../components/page-view/page-renderer.ts';
import { PageZoomDialog } from '../../../components/page-view/page-zoom-dialog.tsx';
import type { PageDocument } from '../../../components/page-view/use-page-document.ts';
import { markAsPageText } from '../../../i18n/isolate-values.ts';
import type { MessageKey } from '../../../i18n/messages.ts';
import { useT } from '../../../i18n/use-t.ts';
import {
  commitItems,
  duplicateItems,
  insertBlank,
  isBlank,
  layoutOf,
  moveItems,
  pagesOfFiles,
  redoItems,
  removeItems,
  shiftItems,
  startHistory,
  turnItems,
  undoItems,
  type BoardHistory,
  type BoardItem,
} from './board-pages.ts';
import { OrganizeGrid, type BoardKeyAction } from './organize-grid.tsx';
import { OrganizeToolbar, type ToolbarAction, type ToolbarActionName } from './organize-toolbar.tsx';
import { usePageDocuments } from './use-page-documents.ts';

/** The words of each toolbar button. */
const ACTION_WORDS = {
  enlarge: 'tools.organize.board.enlarge',
  'turn-left': 'tools.organize.board.turnLeft',
  'turn-right': 'tools.organize.board.turnRight',
  duplicate: 'tools.organize.board.duplicate',
  remove: 'tools.organize.board.remove',
  'add-blank': 'tools.organize.board.addBlank',
  undo: 'tools.organize.board.undo',
  redo: 'tools.organize.board.redo',
  'select-all': 'tools.organize.board.selectAll',
  'select-none': 'tools.organize.board.selectNone',
} as const satisfies Record<ToolbarActionName, MessageKey>;

type OrganizeBoardProps = {
  readonly files: readonly File[];
  readonly passwords: Readonly<Record<number, string>>;
  readonly disabled: boolean;
  /** The layout to send (the API's JSON), or undefined while it cannot be made (pages not shown, none left). */
  readonly onLayoutChange: (layout: string | undefined) => void;
  readonly onAskPassword: (fileIndex: number, isRetry: boolean) => void;
};

/**
 * Organize PDF's board: the pages of every chosen PDF in one grid, to drag or move by keys into order, choose, turn,
 * copy, delete, and add blank pages among, with undo and redo. Each change is told to screen readers.
 */
export function OrganizeBoard({
  files,
  passwords,
  disabled,
  onLayoutChange,
  onAskPassword,
}: OrganizeBoardProps) {
  const t = useT();
  const documents = usePageDocuments(files, passwords);
  const lastId = useRef(0);
  const nextId = () => (lastId.current += 1);
  const [history, setHistory] = useState<BoardHistory>(() => startHistory([]));
  const [placed, setPlaced] = useState<readonly File[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [anchorId, setAnchorId] = useState<number | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  /** The board item shown large (`PageZoomDialog`), or null. */
  const [zoomedId, setZoomedId] = useState<number | null>(null);
  const [blankSize, setBlankSize] = useState<BlankSize>('a4');
  const [announcement, setAnnouncement] = useState('');
  const items = history.present;
  const ids = useId();
  const headingId = `${ids}-heading`;
  const helpId = `${ids}-help`;
  const gridId = `${ids}-grid`;

  const statuses = files.map((file) => documents.get(file)?.status ?? 'loading');
  const isSettled = statuses.every((status) => status !== 'loading');
  const isReady = statuses.every((status) => status === 'open');
  const openKey = statuses.join(',');

  // Once every file is open or has failed, the pages of files new to the board join its end, and those of files no
  // longer chosen leave it (what could be undone went with them).
  useEffect(() => {
    if (!isSettled) return;
    const isGone = (file: File) => !files.includes(file);
    const added = files.filter((file) => !placed.includes(file) && documents.get(file)?.status === 'open');
    if (added.length === 0 && !placed.some(isGone)) return;
    const newPages = pagesOfFiles(
      added.map((file) => {
        const document = documents.get(file);
        return { file, pageCount: document?.status === 'open' ? document.pageCount : 0 };
      }),
      nextId,
    );
    const kept = items.filter((item) => isBlank(item) || !isGone(item.file));
    setHistory(startHistory([...kept, ...newPages]));
    setPlaced([...placed.filter((file) => !isGone(file)), ...added]);
    setSelected(new Set());
    setFocusId(kept[0]?.id ?? newPages[0]?.id ?? null);
    // Run when a file opens or the files change; the board's own state is read as it stands then.
  }, [files, openKey, isSettled]);

  const layout = isReady && items.length > 0 ? JSON.stringify(layoutOf(items, files)) : undefined;
  const latestOnLayout = useRef(onLayoutChange);
  latestOnLayout.current = onLayoutChange;
  useEffect(() => latestOnLayout.current(layout), [layout]);

  const positionOf = (id: number) => items.findIndex((item) => item.id === id) + 1;
  const nameOf = (item: BoardItem) =>
    isBlank(item)
      ? t('tools.organize.board.blankName', {
          size: markAsPageText(t(`tools.organize.board.blankSize.${item.blank}`)),
        })
      : t('tools.organize.board.pageName', { page: item.page, fileName: item.file.name });

  /** The pages an action works on: the chosen ones (when `id` is one of them, or is not given), else `id`. */
  const targetsOf = (id: number | null): ReadonlySet<number> => {
    if (selected.size > 0 && (id === null || selected.has(id))) return selected;
    return id === null ? new Set() : new Set([id]);
  };
  const commit = (next: readonly BoardItem[], message: string) => {
    setHistory((current) => commitItems(current, next));
    setAnnouncement(message);
  };

  const move = (ids: ReadonlySet<number>, next: readonly BoardItem[]) => {
    const moved = next.filter((item) => ids.has(item.id));
    const first = moved[0];
    if (!first) return;
    const position = next.indexOf(first) + 1;
    if (next.every((item, index) => item === items[index])) return;
    commit(
      next,
      moved.length === 1
        ? t('tools.organize.board.moved', {
            name: markAsPageText(nameOf(first)),
            position,
            total: next.length,
          })
        : t('tools.organize.board.movedMany', { count: moved.length, position, total: next.length }),
    );
  };
  const turn = (ids: ReadonlySet<number>, quarters: 1 | -1) => {
    const count = items.filter((item) => ids.has(item.id) && !isBlank(item)).length;
    if (count === 0) return;
    commit(
      turnItems(items, ids, quarters),
      t(quarters === 1 ? 'tools.organize.board.turnedRight' : 'tools.organize.board.turnedLeft', { count }),
    );
  };
  const remove = (ids: ReadonlySet<number>) => {
    if (ids.size === 0) return;
    const firstIndex = items.findIndex((item) => ids.has(item.id));
    const next = removeItems(items, ids);
    commit(
      next,
      t('tools.organize.board.removed', { count: items.length - next.length, total: next.length }),
    );
    setSelected(new Set());
    setFocusId((next[Math.min(firstIndex, next.length - 1)] ?? null)?.id ?? null);
  };
  const duplicate = (ids: ReadonlySet<number>) => {
    if (ids.size === 0) return;
    const { items: next, copies } = duplicateItems(items, ids, nextId);
    commit(next, t('tools.organize.board.duplicated', { count: copies.length, total: next.length }));
    setSelected(new Set(copies));
  };
  const addBlank = (ids: ReadonlySet<number>) => {
    const lastIndex = items.reduce(
      (found, item, index) => (ids.has(item.id) ? index : found),
      items.length - 1,
    );
    const blank = { id: nextId(), blank: blankSize };
    const next = insertBlank(items, lastIndex + 1, blank);
    commit(next, t('tools.organize.board.blankAdded', { position: lastIndex + 2, total: next.length }));
    setFocusId(blank.id);
  };
  const travel = (direction: 'undo' | 'redo') => {
    const next = direction === 'undo' ? undoItems(history) : redoItems(history);
    if (next === history) return;
    setHistory(next);
    setSelected(
      (current) => new Set([...current].filter((id) => next.present.some((item) => item.id === id))),
    );
    setAnnouncement(
      t(direction === 'undo' ? 'tools.organize.board.undone' : 'tools.organize.board.redone', {
        total: next.present.length,
      }),
    );
  };

  const select = (id: number, mode: 'only' | 'toggle' | 'run') => {
    setFocusId(id);
    if (mode === 'run' && anchorId !== null && positionOf(anchorId) > 0) {
      const [from, to] = [positionOf(anchorId) - 1, positionOf(id) - 1].sort((a, b) => a - b) as [
        number,
        number,
      ];
      setSelected(new Set([...selected, ...items.slice(from, to + 1).map((item) => item.id)]));
      return;
    }
    setAnchorId(id);
    const next = new Set(mode === 'only' ? [] : selected);
    if (selected.has(id) && (mode === 'toggle' || selected.size === 1)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const onKeyAction = (id: number, action: BoardKeyAction) => {
    if (action.type === 'select') return select(id, action.isRun ? 'run' : 'toggle');
    const targets = targetsOf(id);
    if (action.type === 'shift') move(targets, shiftItems(items, targets, action.delta));
    else if (action.type === 'turn') turn(targets, action.quarters);
    else remove(targets);
  };
  const onBoardKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || disabled) return;
    const key = event.key.toLowerCase();
    const action =
      key === 'z' ? (event.shiftKey ? 'redo' : 'undo') : key === 'y' ? 'redo' : key === 'a' ? 'all' : null;
    if (!action || (action === 'all' && !(event.target as Element).closest('[role="listbox"]'))) return;
    event.preventDefault();
    if (action === 'all') setSelected(new Set(items.map((item) => item.id)));
    else travel(action);
  };

  const failed = files
    .map((file, index) => ({ file, index, state: documents.get(file) }))
    .filter(
      (entry): entry is { file: File; index: number; state: PageDocument } =>
        entry.state !== undefined && entry.state.status !== 'open' && entry.state.status !== 'loading',
    );
  const targets = targetsOf(focusId);
  const canAct = !disabled && targets.size > 0;

  const focused = items.find((item) => item.id === focusId);
  // The page with the keyboard focus (the last one clicked or moved to), drawn large; not a blank page.
  const zoomable = focused && !isBlank(focused) ? focused : null;
  const zoomRenderer = zoomable ? rendererOf(documents.get(zoomable.file)) : null;
  const buttons: Omit<ToolbarAction, 'label'>[] = [
    { name: 'enlarge', onClick: () => setZoomedId(zoomable?.id ?? null), isEnabled: zoomRenderer !== null },
    { name: 'turn-left', onClick: () => turn(targets, -1), isEnabled: canAct },
    { name: 'turn-right', onClick: () => turn(targets, 1), isEnabled: canAct },
    { name: 'duplicate', onClick: () => duplicate(targets), isEnabled: canAct },
    { name: 'remove', onClick: () => remove(targets), isEnabled: canAct },
    { name: 'add-blank', onClick: () => addBlank(targets), isEnabled: !disabled },
    {
      name: 'undo',
      onClick: () => travel('undo'),
      isEnabled: !disabled && history.past.length > 0,
    },
    {
      name: 'redo',
      onClick: () => travel('redo'),
      isEnabled: !disabled && history.future.length > 0,
    },
    {
      name: 'select-all',
      onClick: () => setSelected(new Set(items.map((item) => item.id))),
      isEnabled: !disabled && items.length > 0,
    },
    { name: 'select-none', onClick: () => setSelected(new Set()), isEnabled: selected.size > 0 },
  ];
  const actions = buttons.map((action) => ({ ...action, label: t(ACTION_WORDS[action.name]) }));

  return (
    <section
      className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-4"
      data-testid="organize-board"
      data-ready={isReady ? 'true' : 'false'}
      aria-labelledby={headingId}
      onKeyDown={onBoardKeyDown}
    >
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('tools.organize.board.heading')}
      </h3>
      <p className="mt-1 text-xs text-slate-600" id={helpId} data-testid="organize-help">
        {t('tools.organize.board.help')}
      </p>
      {failed.map(({ file, index, state }) => (
        <div key={index} className="mt-3 flex flex-wrap items-start gap-2 text-sm text-slate-700">
          <AlertIcon className="mt-0.5 size-4 shrink-0 text-amber-600" />
          <span className="min-w-0 flex-1 break-words">
            {file.name}:{' '}
            {t(state.status === 'damaged' ? 'common.pageView.damaged' : 'common.pageView.protectedFile')}
          </span>
          {state.status !== 'damaged' && (
            <button
              type="button"
              className={BUTTON_STYLES.secondary}
              onClick={() => onAskPassword(index, state.status === 'password-incorrect')}
            >
              {t('common.pageView.unlock')}
            </button>
          )}
        </div>
      ))}
      {!isSettled && (
        <p role="status" className="mt-3 text-sm text-slate-600" data-testid="organize-loading">
          {t('common.pageView.loading')}
        </p>
      )}
      {items.length > 0 || placed.length > 0 ? (
        <>
          <OrganizeToolbar
            label={t('tools.organize.board.toolbar')}
            controlsId={gridId}
            disabled={disabled}
            blankSize={blankSize}
            blankSizeLabel={t('tools.organize.board.blankSizeLabel')}
            blankSizeName={(size) => t(`tools.organize.board.blankSize.${size}`)}
            onBlankSizeChange={setBlankSize}
            actions={actions}
          />
          <p className="mt-2 text-xs text-slate-600" data-testid="organize-summary">
            {t('tools.organize.board.summary', { total: items.length, count: selected.size })}
          </p>
          {items.length === 0 && (
            <p className="mt-2 text-sm text-red-700" data-testid="organize-empty">
              {t('tools.organize.board.empty')}
            </p>
          )}
          <div id={gridId}>
            <OrganizeGrid
              items={items}
              files={files}
              documents={documents}
              selected={selected}
              focusId={focusId}
              label={t('tools.organize.board.gridLabel')}
              descriptionId={helpId}
              labelOf={(item) =>
                isBlank(item) || item.rotate === 0
                  ? nameOf(item)
                  : t('tools.organize.board.turnedName', {
                      name: markAsPageText(nameOf(item)),
                      angle: item.rotate,
                    })
              }
              blankCaptionOf={(item) =>
                isBlank(item) ? t(`tools.organize.board.blankSize.${item.blank}`) : ''
              }
              disabled={disabled}
              onFocusChange={setFocusId}
              onPointerSelect={select}
              onKeyAction={onKeyAction}
              onDrop={(id, slot) => {
                const ids = targetsOf(id);
                move(ids, moveItems(items, ids, slot));
              }}
            />
          </div>
        </>
      ) : null}
      <p role="status" className="sr-only" data-testid="organize-announcement">
        {announcement}
      </p>
      {zoomable && zoomRenderer && zoomedId === zoomable.id && (
        <PageZoomDialog
          page={zoomable.page}
          renderer={zoomRenderer}
          title={nameOf(zoomable)}
          closeLabel={t('common.pageView.close')}
          loadingLabel={t('common.pageView.loading')}
          degrees={zoomable.rotate}
          onClose={() => setZoomedId(null)}
        />
      )}
    </section>
  );
}

/** The renderer of a file's pages once it is open; null while it opens or when it cannot. */
function rendererOf(document: PageDocument | undefined): PageRenderer | null {
  return document?.status === 'open' ? document.renderer : null;
}
