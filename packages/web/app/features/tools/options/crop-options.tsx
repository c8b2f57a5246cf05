import { lazy, Suspense } from 'react';
import { GenericOptions } from './generic-options.tsx';
import type { ToolOptionsProps } from './index.ts';

/** The page view is loaded once a file is chosen, as Rotate's: the other tool pages need none of it. */
const CropPreview = lazy(() =>
  import('./crop-preview.tsx').then((module) => ({ default: module.CropPreview })),
);
const CropFrameEditor = lazy(() =>
  import('./crop-frame-editor.tsx').then((module) => ({ default: module.CropFrameEditor })),
);

/**
 * Crop PDF: its fields as the generic form shows them, the pages with the part each keeps framed, and with margins
 * in points one page at a time with its frame to drag.
 */
export function CropOptions(props: ToolOptionsProps) {
  const { values, files, passwords, disabled, onChange, onAskPassword } = props;
  return (
    <>
      <GenericOptions {...props} toolId="crop" />
      {files[0] && (
        <div className="mt-4">
          <Suspense fallback={null}>
            <CropPreview
              file={files[0]}
              password={passwords[0]}
              margins={values.margins}
              pages={values.pages}
              onAskPassword={(isRetry) => onAskPassword(0, isRetry)}
            />
            <CropFrameEditor
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
