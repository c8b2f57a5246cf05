import type { Run } from './paragraph-model.ts';
import { linkKey } from '../model/layout-model.ts';
import { isCjk } from '../model/script-direction.ts';

const textOf = (runs: readonly Run[]): string => runs.map((run) => run.text).join('');

/**
 * Appends what separates the previous row's end from the next row: nothing after a removed or kept hyphen or CJK,
 * else a space.
 */
export function joinLineEnd(runs: Run[], next: readonly Run[]): void {
  const last = runs.at(-1);
  if (!last) return;
  const nextText = textOf(next);
  const hyphenated = /(?<=\p{L})\s?[-\u00AD\u2010]$/u.exec(last.text);
  if (hyphenated && /^\p{Ll}/u.test(nextText)) {
    last.text = last.text.slice(0, hyphenated.index);
    return;
  }
  // A hyphen before a capital or a digit belongs to the word ("Schwarz-Weiß", "E-Mail", "COVID-19"): kept, no space.
  if (/\p{L}[-\u2010]$/u.test(last.text) && /^[\p{Lu}\p{N}]/u.test(nextText)) return;
  if (last.text.endsWith('\u00AD')) {
    last.text = last.text.slice(0, -1);
    return;
  }
  if (isCjk(last.text.at(-1)) || isCjk(nextText[0]) || /\s$/.test(last.text)) return;
  // The space between two lines is inside a link or a highlight only when it goes on (an address or a title
  // broken over two lines).
  const link = linkKey(last.link) === linkKey(next[0]?.link) ? last.link : undefined;
  const shade = last.shade === next[0]?.shade ? last.shade : undefined;
  if (link !== last.link || shade !== last.shade) {
    runs.push({ text: ' ', style: last.style, ...(link ? { link } : {}), ...(shade ? { shade } : {}) });
  } else last.text += ' ';
}
