import { lazy, Suspense } from 'react';
import { OptionFields } from './generic-options.tsx';
import type { ToolOptionsProps } from './index.ts';

/** The page to draw on is loaded once a file is chosen, as Crop's: the other tool pages need none of it. */
const RedactPages = lazy(() =>
  import('./redact-pages.tsx').then((module) => ({ default: module.RedactPages })),
);

/**
 * The fields of Redact PDF the generic form shows; `areas` and `skip` are made on its pages, and `preview` is the
 * API's alone.
 */
const SHOWN_OPTIONS = ['search', 'regex', 'fill'];

/**
 * Redact PDF: its words and colour as the generic form shows them, and its pages, to draw the areas to remove on and
 * untick the places found that are to stay.
 */
export function RedactOptions(props: ToolOptionsProps) {
  const { values, files, passwords, disabled, onChange, onAskPassword } = props;
  return (
    <>
      <div className="mt-6 space-y-4" data-testid="tool-options">
        <OptionFields {...props} toolId="redact" only={SHOWN_OPTIONS} />
      </div>
      {files[0] && (
        <div className="mt-4">
          <Suspense fallback={null}>
            <RedactPages
              file={files[0]}
              password={passwords[0]}
              values={values}
              disabled={disabled}
              onChange={onChange}
              onAskPassword={(isRetry) => onAskPassword(0, isRetry)}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
