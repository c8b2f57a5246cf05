import { useEffect } from 'react';
import { stripIsolates } from '../i18n/isolate-values.ts';

const HAS_ISOLATE = /[\u2066-\u2069]/;

/**
 * Keeps the invisible bidi isolates of translated messages (around file names and page ranges) out of the
 * clipboard: a copied sentence pastes as the words the visitor sees. Other copies are left to the browser.
 */
export function useCopyWithoutIsolates(): void {
  useEffect(() => {
    const onCopy = (event: ClipboardEvent) => {
      const selection = document.getSelection();
      if (!selection || selection.isCollapsed || !event.clipboardData) return;
      const text = selection.toString();
      if (!HAS_ISOLATE.test(text)) return;
      const copied = document.createElement('div');
      for (let index = 0; index < selection.rangeCount; index += 1) {
        copied.append(selection.getRangeAt(index).cloneContents());
      }
      event.clipboardData.setData('text/plain', stripIsolates(text));
      event.clipboardData.setData('text/html', stripIsolates(copied.innerHTML));
      event.preventDefault();
    };
    document.addEventListener('copy', onCopy);
    return () => document.removeEventListener('copy', onCopy);
  }, []);
}
