import { lazy, Suspense } from 'react';
import type { ToolOptionsProps } from './index.ts';

/** The board and its renderer are loaded once a file is chosen, as every page view is. */
const OrganizeBoard = lazy(() =>
  import('../organize/organize-board.tsx').then((module) => ({ default: module.OrganizeBoard })),
);

/**
 * Organize PDF: its one option, `layout`, is made on the board, where the pages of every chosen PDF are arranged;
 * the form sends what the board shows.
 */
export function OrganizeOptions({
  values,
  files,
  passwords,
  disabled,
  problem,
  onChange,
  onAskPassword,
}: ToolOptionsProps) {
  if (files.length === 0) return null;
  return (
    <div data-testid="tool-options">
      <Suspense fallback={null}>
        <OrganizeBoard
          files={files}
          passwords={passwords}
          disabled={disabled}
          onAskPassword={onAskPassword}
          onLayoutChange={(layout) => {
            if (layout === values.layout) return;
            const { layout: _previous, ...rest } = values;
            onChange(layout === undefined ? rest : { ...rest, layout });
          }}
        />
      </Suspense>
      {problem?.option === 'layout' && (
        <p className="mt-2 text-sm text-red-700" role="alert" data-testid="organize-problem">
          {problem.message}
        </p>
      )}
    </div>
  );
}
