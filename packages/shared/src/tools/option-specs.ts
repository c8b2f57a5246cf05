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

export type OptionSpec = EnumOptionSpec | PageListOptionSpec | LanguageListOptionSpec;

/** The value type of one option spec. */
export type OptionValue<S extends OptionSpec> = S extends EnumOptionSpec ? S['values'][number] : string;
