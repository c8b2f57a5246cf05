import { useEffect, useRef, useState } from 'react';
import { takeEarlyFiles } from './early-files.ts';

/** Whether a drag carries files from outside the page (not a list entry being reordered). */
export function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Takes files dropped anywhere on the page, not only on the drop area: a browser given a file it is not asked to
 * take opens it in place of the page, and the visitor leaves the site. A drop the drop area took itself (it called
 * `preventDefault`) is left to it. Returns whether files are being dragged over the page, so the drop area can
 * light up wherever the pointer is. Files given to the page before its scripts ran (`early-files.ts`) are taken
 * when it mounts.
 */
export function usePageDrop(onFiles: (files: File[]) => void, disabled: boolean): boolean {
  const [isDragging, setDragging] = useState(false);
  const latest = useRef({ onFiles, disabled });
  useEffect(() => {
    latest.current = { onFiles, disabled };
  });

  useEffect(() => {
    // dragenter and dragleave fire for every element crossed; the depth says when the drag has left the page.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = latest.current.disabled ? 'none' : 'copy';
    };
    const onDrop = (event: DragEvent) => {
      depth = 0;
      setDragging(false);
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (!latest.current.disabled) latest.current.onFiles([...(event.dataTransfer?.files ?? [])]);
    };
    document.addEventListener('dragenter', onEnter);
    document.addEventListener('dragleave', onLeave);
    document.addEventListener('dragover', onOver);
    document.addEventListener('drop', onDrop);
    const early = takeEarlyFiles();
    if (early.length > 0 && !latest.current.disabled) latest.current.onFiles(early);
    return () => {
      document.removeEventListener('dragenter', onEnter);
      document.removeEventListener('dragleave', onLeave);
      document.removeEventListener('dragover', onOver);
      document.removeEventListener('drop', onDrop);
    };
  }, []);

  return isDragging;
}
