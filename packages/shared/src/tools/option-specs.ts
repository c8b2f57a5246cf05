import type { FileKind } from '../files/file-kinds.ts';
import type { AUTO_LANGUAGE } from './ocr-languages.ts';
import type { PageBox } from './page-boxes.ts';
import type { Placement } from './placements.ts';
import type { PageLayout } from './page-layout.ts';

/** A tool option, described as data so the server validates it, the web renders it and the docs list it. */
export type EnumOptionSpec = {
  readonly kind: 'enum';
  readonly values: readonly string[];
  /** Used when the field is absent; an option without a default is required. */
  readonly default?: string;
};

/** A page list such as `1-3, 7, 9-`; parsed against the document's page count by the engine. */
export type PageListOptionSpec = {
  readonly kind: 'page-list';
  /** Every request carries the list (Remove pages: which pages); without it, the list is optional. */
  readonly required?: true;
  /** The option is required only while another option has this value. */
  readonly requiredWhen?: { readonly option: string; readonly value: string };
};

/**
 * Languages of a document: `auto` (the default), or up to `maxItems` of `values` joined by `+` (`fr+en`); commas
 * are read as `+`. The value is written back normalised: each language once, in the order given.
 */
export type LanguageListOptionSpec = {
  readonly kind: 'language-list';
  readonly values: readonly string[];
  readonly maxItems: number;
};

/**
 * The pages of a result, in order (Organize PDF): a JSON array of pages of the files sent and blank pages
 * (`readPageLayout`). Every request carries it.
 */
export type LayoutOptionSpec = { readonly kind: 'layout' };

/**
 * A secret the visitor chooses (Protect PDF's new password): every request carries it, from 1 to `maxChars`
 * characters (code points), read exactly as sent (never trimmed) and never written into a message, a log or a record.
 */
export type SecretOptionSpec = {
  readonly kind: 'secret';
  readonly maxChars: number;
  /** A request may leave it out (Sign PDF's certificate password: a certificate without one): then it is undefined. */
  readonly optional?: true;
  /** The most bytes of its UTF-8 form, where the format that keeps it has a limit of its own (PDF: 127). */
  readonly maxBytes?: number;
};

/**
 * Some of a fixed set of flags (Protect PDF's permissions), as a comma list: all of `values` when absent, `none` for
 * none of them. The value is written back as the flags named, each once, in the order of `values`.
 */
export type FlagListOptionSpec = {
  readonly kind: 'flag-list';
  readonly values: readonly string[];
};

/**
 * How much to cut from each side of a page (Crop PDF's `margins`): `auto` (the default: the white margins found on
 * the page as drawn), or four numbers of points, `top, right, bottom, left` as the page is seen (its /Rotate applied),
 * each from 0 to `maxPoints`.
 */
export type MarginsOptionSpec = {
  readonly kind: 'margins';
  readonly maxPoints: number;
};

/** Margins as read: `auto`, or the points to cut from each side of a page as it is seen. */
export type Margins =
  | typeof AUTO_MARGINS
  | { readonly top: number; readonly right: number; readonly bottom: number; readonly left: number };

/** What a margins option sends for margins found on the page. */
export const AUTO_MARGINS = 'auto';

/**
 * A whole number from `min` to `max` (Add page numbers' first number, font size and margin), `default` when absent.
 * Its unit, where it has one, is in the option's words (points for a size).
 */
export type NumberOptionSpec = {
  readonly kind: 'number';
  readonly min: number;
  readonly max: number;
  readonly default: number;
};

/**
 * A line of text the visitor writes (Add page numbers' format, PDF properties' title): at most `maxChars` characters,
 * no line breaks nor control characters. With a `default`, that is its value when absent (the format); without one,
 * an absent or blank text is undefined (a title left as it is). It must hold each of `placeholders` (`{n}`), and
 * then the form has a prompt for a text without them (`<name>Invalid`). `presets` name the ready-made values the form
 * offers, each written in the page's language (`<name>Preset.<preset>`).
 */
export type TextOptionSpec = {
  readonly kind: 'text';
  readonly maxChars: number;
  readonly default?: string;
  readonly placeholders?: readonly string[];
  readonly presets?: readonly string[];
};

/**
 * Words or phrases to find (Redact PDF's `search`), one per line: blank lines and the spaces around each are dropped,
 * each line is at most `maxChars` characters, at most `maxItems` lines. While the option named `regexOption` is
 * `true` each line is a regular expression (JavaScript's syntax, read case-insensitive), and one that does not compile
 * is refused. Absent or blank: none.
 */
export type SearchTermsOptionSpec = {
  readonly kind: 'search-terms';
  readonly maxItems: number;
  readonly maxChars: number;
  readonly regexOption: string;
};

/**
 * Boxes on pages (Redact PDF's `areas`): a JSON array of `{"page", "x", "y", "width", "height"}` in fractions of the
 * page as seen, upright, from its top-left corner (`readPageBoxes`). Absent: none.
 */
export type BoxesOptionSpec = { readonly kind: 'boxes' };

/**
 * Where pictures go on pages (Sign PDF's `placements`): a JSON array of boxes as `boxes` takes them, each with the
 * number of its picture (`image`: 0 for `image-0`, the default), at least one (`readPlacements`).
 */
export type PlacementsOptionSpec = { readonly kind: 'placements' };

/**
 * Numbers from 1, separated by commas or spaces (`2, 5`), at most `maxItems` of them: Redact PDF's `skip`, the
 * matches of its preview left as they are. Read sorted, each once; absent: none.
 */
export type MatchNumbersOptionSpec = { readonly kind: 'match-numbers'; readonly maxItems: number };

/** A colour as `#rrggbb` (six hexadecimal digits, either case), `default` when absent; read in lower case. */
export type ColorOptionSpec = { readonly kind: 'color'; readonly default: string };

/**
 * A file of another kind a tool may take beside its own, in a field of its own (Watermark's picture, `image`),
 * instead of its option `insteadOf` (its text): a request carries exactly one of the two (`TEXT_OR_IMAGE_REQUIRED`
 * otherwise). Only a tool that takes one file has one: it travels after that file, and its op receives it by its
 * field's name (`ToolDefinition.extraFile`).
 */
export type ExtraFile = {
  readonly field: string;
  readonly accepts: readonly FileKind[];
  readonly maxFileBytes: number;
  readonly insteadOf: string;
};

/**
 * Pictures a tool takes beside its one file, in fields numbered from 0 (`image-0`, `image-1`, … for `prefix`
 * `image`), without gaps: Sign PDF's signatures. They travel after the tool's file, in order, and its op receives
 * them as `pictures`.
 */
export type PictureFiles = {
  readonly prefix: string;
  readonly maxFiles: number;
  readonly accepts: readonly FileKind[];
  readonly maxFileBytes: number;
};

/**
 * A file a tool keeps in the job's memory only (Sign PDF's PKCS#12 certificate, in `field`): never written to the job
 * directory, a log or a record; its bytes reach the op in the job's input.
 */
export type SecretFile = { readonly field: string; readonly maxFileBytes: number };

export type OptionSpec =
  | EnumOptionSpec
  | SearchTermsOptionSpec
  | BoxesOptionSpec
  | PlacementsOptionSpec
  | MatchNumbersOptionSpec
  | ColorOptionSpec
  | NumberOptionSpec
  | TextOptionSpec
  | PageListOptionSpec
  | LanguageListOptionSpec
  | LayoutOptionSpec
  | SecretOptionSpec
  | FlagListOptionSpec
  | MarginsOptionSpec;

/** A language list as read: `auto`, or the languages named, each once, in the order given. */
export type LanguageList<L extends string = string> = typeof AUTO_LANGUAGE | readonly L[];

/**
 * The value of one option once read (`OPTION_KINDS[kind].read`): what the engine receives, so nothing past the
 * reading parses a field again. A choice is one of its values; a page list stays text (only the document's page
 * count can parse it), undefined when not sent; a language list is `auto` or its languages; a layout its items; a
 * secret is its text, and a text too; search terms their lines; boxes their boxes; a colour `#rrggbb` (undefined when absent or blank, if it has no default); a number its value; a flag list the flags named; margins `auto` or four numbers.
 */
export type OptionValue<S extends OptionSpec> = S extends EnumOptionSpec
  ? S['values'][number]
  : S extends SearchTermsOptionSpec
    ? readonly string[]
    : S extends BoxesOptionSpec
      ? readonly PageBox[]
      : S extends PlacementsOptionSpec
        ? readonly Placement[]
        : S extends MatchNumbersOptionSpec
          ? readonly number[]
          : S extends SecretOptionSpec & { readonly optional: true }
            ? string | undefined
            : S extends ColorOptionSpec
              ? string
              : S extends LanguageListOptionSpec
                ? LanguageList<S['values'][number]>
                : S extends LayoutOptionSpec
                  ? PageLayout
                  : S extends SecretOptionSpec | (TextOptionSpec & { readonly default: string })
                    ? string
                    : S extends NumberOptionSpec
                      ? number
                      : S extends FlagListOptionSpec
                        ? readonly S['values'][number][]
                        : S extends MarginsOptionSpec
                          ? Margins
                          : string | undefined;
