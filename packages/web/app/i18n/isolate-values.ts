import {
  isArgumentElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';

/** Unicode FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: the text between takes its own direction. */
export const FIRST_STRONG_ISOLATE = '\u2068';
export const POP_DIRECTIONAL_ISOLATE = '\u2069';

/** Every bidi isolate control (LRI, RLI, FSI, PDI): what the copy handler strips. */
const ISOLATE_CONTROLS = /[\u2066-\u2069]/g;

/**
 * Text already in the page's language (a tool name, a button label) inserted into a message: written as it is,
 * like any other word of the sentence, because an isolate would read it in the wrong direction when it starts
 * with a Latin word ("PDF ..." in an Arabic title).
 */
export type PageText = { readonly pageText: string };

export function markAsPageText(text: string): PageText {
  return { pageText: text };
}

/**
 * Wraps text of unknown direction (a file name, a page range) so that it neither borrows the direction of the
 * sentence around it nor pushes its own onto the punctuation next to it: a Latin `report (final).pdf` inside an
 * Arabic sentence, or an Arabic file name inside an English one, reads as typed.
 */
export function isolateText(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}

/** Removes the isolate controls, for text leaving the page (copy and paste) or a test comparing plain words. */
export function stripIsolates(text: string): string {
  return text.replace(ISOLATE_CONTROLS, '');
}

/**
 * Names of the arguments a message prints as they are (`{fileName}`), in every branch of its plurals and selects.
 * Select and plural arguments are not among them: they choose a branch and must reach ICU unchanged.
 */
export function plainArgumentsOf(message: string | readonly MessageFormatElement[]): ReadonlySet<string> {
  const names = new Set<string>();
  const visit = (elements: readonly MessageFormatElement[]) => {
    for (const element of elements) {
      if (isArgumentElement(element)) names.add(element.value);
      else if (isPluralElement(element) || isSelectElement(element)) {
        for (const option of Object.values(element.options)) visit(option.value);
      } else if (isTagElement(element)) visit(element.children);
    }
  };
  try {
    // A string on the server; in the browser, the tree the build parsed it into (the browser has no parser).
    visit(typeof message === 'string' ? parse(message) : message);
  } catch {
    // A message that does not parse is reported by the translation check; react-intl shows its fallback.
  }
  return names;
}

export type MessageValue = string | number | Date | PageText;

/**
 * The values to hand to ICU: strings printed as they are get an isolate, page text is unwrapped, and a number printed
 * as it is (`{percent}`, `{maxMegabytes}`) is written in the page's number format by `formatNumber` (ICU itself would
 * print `99.5` on a German page). Numbers that choose a plural form, and dates, stay as they are: ICU formats them.
 */
export function isolateValues(
  values: Readonly<Record<string, MessageValue>>,
  plainArguments: ReadonlySet<string>,
  formatNumber: (value: number) => string = String,
): Record<string, string | number | Date> {
  const isolated: Record<string, string | number | Date> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') isolated[name] = plainArguments.has(name) ? isolateText(value) : value;
    else if (typeof value === 'number')
      isolated[name] = plainArguments.has(name) ? formatNumber(value) : value;
    else if (value instanceof Date) isolated[name] = value;
    else isolated[name] = value.pageText;
  }
  return isolated;
}
