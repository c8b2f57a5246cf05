import {
  optionKindOf,
  parsePageRanges,
  type PageRangeProblem,
  type ToolDefinition,
  type ToolId,
} from '@quire/shared';
import type { MessageValues } from '../../../i18n/create-translator.ts';
import type { MessageKey } from '../../../i18n/messages.ts';

/** A form field the visitor must fix before the job is sent, with the message to show beside it. */
export type OptionProblem = {
  readonly option: string;
  readonly message: { readonly key: MessageKey; readonly values?: MessageValues };
};

export type PreparedOptions =
  | { readonly ok: true; readonly fields: Record<string, string> }
  | { readonly ok: false; readonly problem: OptionProblem };

/** What to say when a page list the visitor chose to give is blank (spec section 5 for split). */
const EMPTY_PAGE_LIST_KEYS: Partial<Record<ToolId, MessageKey>> = {
  split: 'tools.split.options.rangeRequired',
  rotate: 'tools.rotate.options.pagesRequired',
};

/**
 * Turns the form values into the fields posted to the server. A page list is sent only when it applies: a
 * `requiredWhen` list (split's `pageRange`) only in its mode, a `required` one always, any other (rotate's `pages`)
 * only when the form put it in the values. It is trimmed, must not be blank and must be a valid list, within
 * `pageCount` when the browser could count the file's pages (the server checks again either way). A secret (a new
 * password) is sent as typed, and must not be blank. A number or a text must read as the server reads it.
 */
export function prepareOptions(
  tool: ToolDefinition,
  values: Readonly<Record<string, string>>,
  pageCount: number | null = null,
): PreparedOptions {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const spec = tool.options[name];
    if (spec?.kind !== 'page-list') fields[name] = value;
  }
  for (const [option, spec] of Object.entries(tool.options)) {
    // A secret is sent as typed; a blank one gets its own prompt (`tools.<id>.options.<name>Required`).
    if (spec.kind === 'secret' && (values[option] ?? '') === '') {
      // An optional one (Sign PDF's certificate password) is its form's to ask for, when it is needed.
      if (spec.optional) continue;
      const key = `tools.${tool.id}.options.${option}Required` as MessageKey;
      return { ok: false, problem: { option, message: { key } } };
    }
    // A layout is made on Organize PDF's board, which gives none while it cannot (pages not shown yet, none left);
    // placements on Sign PDF's pages, none until the visitor places a signature.
    if ((spec.kind === 'layout' || spec.kind === 'placements') && (values[option] ?? '') === '') {
      const key = `tools.${tool.id}.options.${option}Required` as MessageKey;
      return { ok: false, problem: { option, message: { key } } };
    }
    // A number, or a line of text that must hold placeholders, is read as the server reads it; a wrong one gets its
    // own prompt (`<name>Invalid`). Any other text is sent as typed: the field keeps it to one line of `maxChars`.
    if (spec.kind === 'number' || (spec.kind === 'text' && spec.placeholders?.length)) {
      const raw = values[option]?.trim();
      try {
        optionKindOf(spec).read(option, raw === '' ? undefined : raw, spec);
      } catch {
        const key = `tools.${tool.id}.options.${option}Invalid` as MessageKey;
        return { ok: false, problem: { option, message: { key } } };
      }
      continue;
    }
    if (spec.kind !== 'page-list') continue;
    const condition = spec.requiredWhen;
    const applies = condition
      ? values[condition.option] === condition.value
      : spec.required || option in values;
    if (!applies) continue;
    const text = (values[option] ?? '').trim();
    const parsed = parsePageRanges(text, pageCount ?? undefined);
    if (!parsed.ok)
      return { ok: false, problem: { option, message: problemMessage(tool.id, parsed.problem) } };
    fields[option] = text;
  }
  return { ok: true, fields };
}

/** A blank list gets the tool's own prompt; a wrong item the server's INVALID_PAGE_RANGE message. */
function problemMessage(
  toolId: ToolId,
  { item, reason, pageCount = 0 }: PageRangeProblem,
): OptionProblem['message'] {
  if (reason === 'empty')
    return {
      key: EMPTY_PAGE_LIST_KEYS[toolId] ?? 'errors.INVALID_PAGE_RANGE',
      values: { item, reason, pageCount },
    };
  return { key: 'errors.INVALID_PAGE_RANGE', values: { item, reason, pageCount } };
}
