/**
 * Files given to a page before its scripts have run. A page paints before its JavaScript arrives (on a slow phone,
 * seconds before), and it must work from that first paint: the drop area's labels open the real file input without
 * any script, and the small script below, inlined in every page's head, keeps what the visitor gives it until the
 * upload widget takes it (`takeEarlyFiles`).
 *
 * - A file chosen in the input, or dropped anywhere on a page with a drop area, is kept in `window.__quireEarlyFiles`
 *   and the event goes no further (React must not see it too, or the file would be added twice).
 * - A file dropped on a page without a drop area (or after the widget took over, one the widget did not take) is
 *   refused: the browser would otherwise open it in place of the page, and the visitor would leave the site.
 *
 * Once the widget has taken the list, the script only refuses stray drops: the widget handles everything else.
 */
export const EARLY_FILES_SCRIPT = `(function(){
var w=window,d=document,kept=w.__quireEarlyFiles=[];
function open(){return w.__quireEarlyFiles===kept&&d.querySelector('[data-drop-area]')}
function files(e){var t=e.dataTransfer;return!!t&&[].indexOf.call(t.types,'Files')>=0}
w.addEventListener('dragover',function(e){if(!files(e)||e.defaultPrevented)return;e.preventDefault();e.dataTransfer.dropEffect=open()?'copy':'none'});
w.addEventListener('drop',function(e){if(!files(e)||e.defaultPrevented)return;e.preventDefault();if(open())kept.push.apply(kept,e.dataTransfer.files)});
d.addEventListener('change',function(e){var t=e.target;if(t.type!=='file'||!open()||!t.closest('[data-drop-area]'))return;kept.push.apply(kept,t.files);e.stopImmediatePropagation()},true);
})();`;

declare global {
  interface Window {
    __quireEarlyFiles?: File[] | null;
  }
}

/**
 * The files given to the page before the upload widget was there, once: the list is then closed, and the widget
 * takes every later file itself. The file inputs are emptied, so that choosing the same file again is a change.
 */
export function takeEarlyFiles(): File[] {
  const kept = window.__quireEarlyFiles ?? [];
  window.__quireEarlyFiles = null;
  if (kept.length > 0) {
    for (const input of document.querySelectorAll<HTMLInputElement>('[data-drop-area] input[type=file]')) {
      input.value = '';
    }
  }
  return kept;
}
