import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  LOCALE_INFO,
  MAX_CONVERT_PAGES,
  MAX_FILE_BYTES,
  MAX_HTML_FILE_BYTES,
  MAX_HTML_PAGES,
  MAX_IMAGE_FILE_BYTES,
  MAX_IMAGE_FILES,
  MAX_MERGE_FILES,
  MAX_PAGES,
  MAX_RENDER_PAGES,
  MAX_REQUEST_BYTES,
  toWholeMegabytes,
  type Locale,
} from '@quire/shared';
import { config } from '../config.ts';
import { fillToolCountPlurals, toolBullets, toolCount, toolList } from './tool-values.ts';

/** The limits content may name as `{placeholder}`: read from the shared definitions, never retyped in prose. */
export const LIMIT_VALUES = {
  maxFileMegabytes: toWholeMegabytes(MAX_FILE_BYTES),
  maxRequestMegabytes: toWholeMegabytes(MAX_REQUEST_BYTES),
  maxImageMegabytes: toWholeMegabytes(MAX_IMAGE_FILE_BYTES),
  maxMergeFiles: MAX_MERGE_FILES,
  maxImageFiles: MAX_IMAGE_FILES,
  maxPages: MAX_PAGES,
  maxRenderPages: MAX_RENDER_PAGES,
  maxConvertPages: MAX_CONVERT_PAGES,
  maxHtmlMegabytes: toWholeMegabytes(MAX_HTML_FILE_BYTES),
  maxHtmlPages: MAX_HTML_PAGES,
  rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE,
} as const;

/** The operator's details the legal pages name as `{operatorName}` and `{contactEmail}`. */
export type OperatorValues = { readonly operatorName: string; readonly contactEmail: string | null };

const OPERATOR_VALUES: OperatorValues = {
  operatorName: config.operatorName,
  contactEmail: config.contactEmail,
};

/** Settings an operator may leave unset; content names them only inside `{#name}…{/name}`. */
const OPTIONAL_VALUES = ['contactEmail'] as const satisfies readonly (keyof OperatorValues)[];
type OptionalValue = (typeof OPTIONAL_VALUES)[number];
const isOptionalValue = (name: string): name is OptionalValue =>
  (OPTIONAL_VALUES as readonly string[]).includes(name);

/** `{#name}text{/name}` or `{#name}text{:else}other text{/name}`, possibly over several paragraphs. */
const OPTIONAL_BLOCK = /\{#(\w+)\}([\s\S]*?)(?:\{:else\}([\s\S]*?))?\{\/\1\}/g;
const BLOCK_MARK = /\{#\w+\}|\{:else\}|\{\/\w+\}/;

/**
 * Keeps the text of each `{#name}…{/name}` when the optional setting is set, else its `{:else}` text (or nothing):
 * a site whose operator has not set a contact address leaves out the sentences that would name one, and never shows
 * a made-up address. Content that names an optional value outside such a block is an error, whatever the settings.
 */
function resolveOptionalBlocks(text: string, file: string, values: OperatorValues): string {
  const outside = text.replace(OPTIONAL_BLOCK, '');
  for (const name of OPTIONAL_VALUES) {
    if (outside.includes(`{${name}}`)) {
      throw new Error(
        `${file} names {${name}} outside {#${name}}…{/${name}}; the operator may not have set it`,
      );
    }
  }
  if (BLOCK_MARK.test(outside)) throw new Error(`${file} has a {#…}, {:else} or {/…} without its pair`);
  return text.replace(OPTIONAL_BLOCK, (_match, name: string, kept: string, otherwise: string | undefined) => {
    if (!isOptionalValue(name)) throw new Error(`${file} has a block of {${name}}, which is never unset`);
    return values[name] === null ? (otherwise ?? '') : kept;
  });
}

/** What content may say of the tools as `{name}`, from the registry: prose never counts or lists them itself. */
const TOOL_VALUES: Readonly<Record<string, (locale: Locale) => string>> = {
  toolCount,
  toolList,
  toolBullets,
};

/**
 * Replaces each `{limitName}` with its value in the language's number format, `{toolCount}`, `{toolList}` and
 * `{toolBullets}` with the registry's tools (`{toolCount, plural, …}` too, for a noun whose form follows the
 * number), and `{operatorName}` and `{contactEmail}` with this site's settings (`values`, the build's own unless
 * given); resolves the blocks of optional settings first (`resolveOptionalBlocks`). An unknown name is an error.
 */
export function fillPlaceholders(
  text: string,
  locale: Locale,
  file: string,
  values: OperatorValues = OPERATOR_VALUES,
): string {
  const format = new Intl.NumberFormat(LOCALE_INFO[locale].tag);
  const resolved = fillToolCountPlurals(resolveOptionalBlocks(text, file, values), locale, file);
  return resolved.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const toolValue = Object.hasOwn(TOOL_VALUES, name) ? TOOL_VALUES[name] : undefined;
    if (toolValue) return toolValue(locale);
    if (Object.hasOwn(values, name)) {
      const value = values[name as keyof OperatorValues];
      if (value === null) throw new Error(`${file} names {${name}}, which this site has not set`);
      return value;
    }
    if (!Object.hasOwn(LIMIT_VALUES, name)) {
      const known = [...Object.keys(LIMIT_VALUES), ...Object.keys(TOOL_VALUES), ...Object.keys(values)].join(
        ', ',
      );
      throw new Error(`${file} names an unknown value {${name}}; known: ${known}`);
    }
    return format.format(LIMIT_VALUES[name as keyof typeof LIMIT_VALUES]);
  });
}
