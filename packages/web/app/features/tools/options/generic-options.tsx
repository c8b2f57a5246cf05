import {
  AUTO_LANGUAGE,
  AUTO_MARGINS,
  LOCALES,
  OPTION_KINDS,
  TOOLS,
  flagListField,
  initialOptionValues,
  languageListField,
  type Locale,
  type OptionSpec,
  type ToolDefinition,
  type ToolId,
} from '@quire/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { CheckboxGroup } from '../../../components/checkbox-group.tsx';
import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { ColorField } from '../../../components/color-field.tsx';
import { LinesField } from '../../../components/lines-field.tsx';
import { MarginsField } from '../../../components/margins-field.tsx';
import { PageListField } from '../../../components/page-list-field.tsx';
import { SecretField } from '../../../components/secret-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { getTranslator, type Translate } from '../../../i18n/create-translator.ts';
import type { MessageKey } from '../../../i18n/messages.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import type { ToolOptionsProps } from './index.ts';
import { choiceOf } from './option-values.ts';
import type { PagePickerToolId } from './page-picker.tsx';

/**
 * The page view of the tools that choose pages (Split, Remove pages, Extract pages), loaded once a file is chosen:
 * the other tools of the generic form, and a page before its file, fetch none of it.
 */
const PagePicker = lazy(() => import('./page-picker.tsx').then((module) => ({ default: module.PagePicker })));
const PAGE_PICKER_TOOLS: readonly ToolId[] = [
  'split',
  'remove-pages',
  'extract-pages',
] satisfies readonly PagePickerToolId[];
const isPagePickerTool = (toolId: ToolId): toolId is PagePickerToolId => PAGE_PICKER_TOOLS.includes(toolId);
/** Compress's page view, which only shows the pages: loaded, too, once a file is chosen. */
const PagesPreview = lazy(() =>
  import('./pages-preview.tsx').then((module) => ({ default: module.PagesPreview })),
);

/** What the form field of one option receives: its spec, its words' key prefix, and the form's state. */
type FieldProps<S extends OptionSpec> = Omit<ToolOptionsProps, 'files'> & {
  readonly toolId: ToolId;
  readonly name: string;
  readonly spec: S;
  /** `tools.<id>.options.<name>`: its words are this key plus a suffix. */
  readonly words: string;
  readonly text: (key: string) => string;
  readonly has: (key: string) => boolean;
  readonly t: Translate;
};

/** How the web shows each kind of option (the form-field column of `OPTION_KINDS`), and the words it needs. */
type OptionField<S extends OptionSpec> = {
  readonly Field: (props: FieldProps<S>) => ReactNode;
  /** The keys of its words (`optional`: shown only where written). */
  readonly messageKeys: (key: string, spec: S) => { required: string[]; optional: string[] };
  /** The form's starting value where it depends on the page's language (else the kind's `initialValue`). */
  readonly initialValue?: (spec: S, locale: Locale) => string | undefined;
};

const CHOICES: OptionField<Extract<OptionSpec, { kind: 'enum' }>> = {
  Field: ({ toolId, name, spec, words: key, values, disabled, text, has, onChange }) => (
    <ChoiceGroup
      name={`${toolId}-${name}`}
      legend={text(`${key}Label`)}
      value={choiceOf(spec, values[name])}
      disabled={disabled}
      testId={`${toolId}-${name}`}
      choices={spec.values.map((value) => ({
        value,
        label: text(`${key}.${value}`),
        ...(has(`${key}Hint.${value}`) ? { hint: text(`${key}Hint.${value}`) } : {}),
      }))}
      onChange={(value) => onChange({ ...values, [name]: value })}
    />
  ),
  messageKeys: (key, spec) => ({
    required: [`${key}Label`, ...spec.values.map((value) => `${key}.${value}`)],
    optional: spec.values.map((value) => `${key}Hint.${value}`),
  }),
  // A choice of the site's languages (Compare PDF's report) starts at the page's.
  initialValue: (spec, locale) => (isLocaleChoice(spec.values) ? locale : undefined),
};

/** Whether a choice's values are the site's languages, every one of them. */
export function isLocaleChoice(values: readonly string[]): boolean {
  return values.length === LOCALES.length && LOCALES.every((locale) => values.includes(locale));
}

const PAGE_LIST: OptionField<Extract<OptionSpec, { kind: 'page-list' }>> = {
  Field: ({ toolId, name, spec, words: key, values, pageCount, disabled, problem, text, t, onChange }) => {
    const condition = spec.requiredWhen;
    if (condition && values[condition.option] !== condition.value) return null;
    const hint = text(`${key}Hint`);
    return (
      <PageListField
        label={text(`${key}Label`)}
        hint={pageCount === null ? hint : `${t('common.tool.pageCount', { count: pageCount })} ${hint}`}
        placeholder={text(`${key}Placeholder`)}
        value={values[name] ?? ''}
        error={problem?.option === name ? problem.message : null}
        disabled={disabled}
        testId={`${toolId}-${name}`}
        onChange={(value) => {
          // An optional list left empty is not sent at all (`prepareOptions` sends what the values hold).
          const { [name]: _dropped, ...others } = values;
          onChange(value === '' && !condition ? others : { ...values, [name]: value });
        }}
      />
    );
  },
  messageKeys: (key) => ({ required: [`${key}Label`, `${key}Hint`, `${key}Placeholder`], optional: [] }),
};

/** Languages are named once for every tool that asks for them. */
const languageName = (language: string) => `common.documentLanguages.${language}`;

const LANGUAGES: OptionField<Extract<OptionSpec, { kind: 'language-list' }>> = {
  Field: ({ toolId, name, spec, words: key, values, disabled, text, onChange }) => {
    // The field's value read as the server reads it (the one parser of a language list).
    const value = OPTION_KINDS['language-list'].read(name, values[name], spec);
    const selected = value === AUTO_LANGUAGE ? [] : [...value];
    return (
      <CheckboxGroup
        legend={text(`${key}Label`)}
        hint={selected.length === 0 ? text(`${key}Auto`) : text(`${key}Hint`)}
        choices={spec.values.map((language) => ({ value: language, label: text(languageName(language)) }))}
        selected={selected}
        maxSelected={spec.maxItems}
        disabled={disabled}
        testId={`${toolId}-${name}`}
        onChange={(languages) => onChange({ ...values, [name]: languageListField(languages) })}
      />
    );
  },
  messageKeys: (key, spec) => ({
    required: [`${key}Label`, `${key}Hint`, `${key}Auto`, ...spec.values.map(languageName)],
    optional: [],
  }),
  // The page's language, and English: what most documents a visitor of this page holds are written in.
  initialValue: (spec, locale) =>
    languageListField([...new Set([locale, 'en'])].filter((language) => spec.values.includes(language))),
};

/**
 * A layout is made by arranging pages, not typed: Organize PDF's form is its board of pages
 * (`organize-options.tsx`), and this field draws nothing.
 */
const LAYOUT: OptionField<Extract<OptionSpec, { kind: 'layout' }>> = {
  Field: () => null,
  messageKeys: () => ({ required: [], optional: [] }),
};

const SECRET: OptionField<Extract<OptionSpec, { kind: 'secret' }>> = {
  Field: ({ toolId, name, spec, words: key, values, disabled, problem, text, onChange }) => (
    <SecretField
      label={text(`${key}Label`)}
      hint={text(`${key}Hint`)}
      value={values[name] ?? ''}
      maxChars={spec.maxChars}
      error={problem?.option === name ? problem.message : null}
      disabled={disabled}
      testId={`${toolId}-${name}`}
      onChange={(value) => onChange({ ...values, [name]: value })}
    />
  ),
  // `<name>Required`: what the form says when the visitor sends it blank.
  messageKeys: (key) => ({ required: [`${key}Label`, `${key}Hint`, `${key}Required`], optional: [] }),
};

const FLAGS: OptionField<Extract<OptionSpec, { kind: 'flag-list' }>> = {
  Field: ({ toolId, name, spec, words: key, values, disabled, text, onChange }) => {
    // The field's value read as the server reads it (the one parser of a flag list).
    const selected = OPTION_KINDS['flag-list'].read(name, values[name], spec);
    return (
      <CheckboxGroup
        legend={text(`${key}Label`)}
        hint={text(`${key}Hint`)}
        choices={spec.values.map((flag) => ({ value: flag, label: text(`${key}.${flag}`) }))}
        selected={selected}
        maxSelected={spec.values.length}
        disabled={disabled}
        testId={`${toolId}-${name}`}
        onChange={(flags) => onChange({ ...values, [name]: flagListField(flags) })}
      />
    );
  },
  messageKeys: (key, spec) => ({
    required: [`${key}Label`, `${key}Hint`, ...spec.values.map((flag) => `${key}.${flag}`)],
    optional: [],
  }),
};

const MARGIN_SIDES = ['top', 'right', 'bottom', 'left'] as const;
const MARGIN_MODES = ['auto', 'points'] as const;

const MARGINS: OptionField<Extract<OptionSpec, { kind: 'margins' }>> = {
  Field: ({ toolId, name, words: key, values, disabled, text, onChange }) => (
    <MarginsField
      name={`${toolId}-${name}`}
      legend={text(`${key}Label`)}
      choices={{
        auto: { label: text(`${key}.auto`), hint: text(`${key}Hint.auto`) },
        points: { label: text(`${key}.points`), hint: text(`${key}Hint.points`) },
      }}
      sideLabels={{
        top: text(`${key}Side.top`),
        right: text(`${key}Side.right`),
        bottom: text(`${key}Side.bottom`),
        left: text(`${key}Side.left`),
      }}
      value={values[name] ?? AUTO_MARGINS}
      disabled={disabled}
      testId={`${toolId}-${name}`}
      onChange={(value) => onChange({ ...values, [name]: value })}
    />
  ),
  messageKeys: (key) => ({
    required: [
      `${key}Label`,
      ...MARGIN_MODES.flatMap((mode) => [`${key}.${mode}`, `${key}Hint.${mode}`]),
      ...MARGIN_SIDES.map((side) => `${key}Side.${side}`),
    ],
    optional: [],
  }),
};

const NUMBER: OptionField<Extract<OptionSpec, { kind: 'number' }>> = {
  Field: ({ toolId, name, spec, words: key, values, disabled, problem, text, onChange }) => (
    <TextField
      label={text(`${key}Label`)}
      hint={text(`${key}Hint`)}
      value={values[name] ?? String(spec.default)}
      inputMode="numeric"
      maxLength={String(spec.max).length + 1}
      error={problem?.option === name ? problem.message : null}
      disabled={disabled}
      testId={`${toolId}-${name}`}
      onChange={(value) => onChange({ ...values, [name]: value })}
    />
  ),
  // `<name>Invalid`: what the form says of a value out of range, before sending (`prepareOptions`).
  messageKeys: (key) => ({ required: [`${key}Label`, `${key}Hint`, `${key}Invalid`], optional: [] }),
};

const TEXT: OptionField<Extract<OptionSpec, { kind: 'text' }>> = {
  Field: ({ toolId, name, spec, words: key, values, disabled, problem, text, onChange }) => (
    <TextField
      label={text(`${key}Label`)}
      hint={text(`${key}Hint`)}
      value={values[name] ?? spec.default ?? ''}
      maxLength={spec.maxChars}
      presets={(spec.presets ?? []).map((preset) => text(`${key}Preset.${preset}`))}
      error={problem?.option === name ? problem.message : null}
      disabled={disabled}
      testId={`${toolId}-${name}`}
      onChange={(value) => onChange({ ...values, [name]: value })}
    />
  ),
  // `<name>Invalid`: what the form says of a text without its placeholders, before sending (`prepareOptions`).
  messageKeys: (key, spec) => ({
    required: [
      `${key}Label`,
      `${key}Hint`,
      ...(spec.placeholders?.length ? [`${key}Invalid`] : []),
      ...(spec.presets ?? []).map((preset) => `${key}Preset.${preset}`),
    ],
    optional: [],
  }),
};

/** Rows of the field of words to find: a few lines show, more scroll. */
const SEARCH_TERMS_ROWS = 4;

const SEARCH_TERMS: OptionField<Extract<OptionSpec, { kind: 'search-terms' }>> = {
  Field: ({ toolId, name, words: key, values, disabled, problem, text, onChange }) => (
    <LinesField
      label={text(`${key}Label`)}
      hint={text(`${key}Hint`)}
      value={values[name] ?? ''}
      rows={SEARCH_TERMS_ROWS}
      error={problem?.option === name ? problem.message : null}
      disabled={disabled}
      testId={`${toolId}-${name}`}
      onChange={(value) => onChange({ ...values, [name]: value })}
    />
  ),
  messageKeys: (key) => ({ required: [`${key}Label`, `${key}Hint`], optional: [] }),
};

/**
 * Boxes are drawn on the page view, not typed: until Redact PDF's page view lets a visitor draw them, the API alone
 * takes them and this field draws nothing.
 */
const BOXES: OptionField<Extract<OptionSpec, { kind: 'boxes' }>> = {
  Field: () => null,
  messageKeys: () => ({ required: [], optional: [] }),
};

/** Placements are drawn on the page view too (Sign PDF's own form places them), never typed. */
const PLACEMENTS: OptionField<Extract<OptionSpec, { kind: 'placements' }>> = {
  Field: () => null,
  messageKeys: () => ({ required: [], optional: [] }),
};

/** Redact PDF's matches left as they are: unticked in its list of the places found, never typed. */
const MATCH_NUMBERS: OptionField<Extract<OptionSpec, { kind: 'match-numbers' }>> = {
  Field: () => null,
  messageKeys: () => ({ required: [], optional: [] }),
};

const COLOR: OptionField<Extract<OptionSpec, { kind: 'color' }>> = {
  Field: ({ toolId, name, spec, words: key, values, disabled, text, onChange }) => (
    <ColorField
      label={text(`${key}Label`)}
      hint={text(`${key}Hint`)}
      value={values[name] ?? spec.default}
      disabled={disabled}
      testId={`${toolId}-${name}`}
      onChange={(value) => onChange({ ...values, [name]: value })}
    />
  ),
  messageKeys: (key) => ({ required: [`${key}Label`, `${key}Hint`], optional: [] }),
};

/** Every kind of option has its field: a new kind is a type error until it is shown here. */
const OPTION_FIELDS: { readonly [K in OptionSpec['kind']]: OptionField<Extract<OptionSpec, { kind: K }>> } = {
  enum: CHOICES,
  'search-terms': SEARCH_TERMS,
  boxes: BOXES,
  placements: PLACEMENTS,
  'match-numbers': MATCH_NUMBERS,
  color: COLOR,
  number: NUMBER,
  text: TEXT,
  'page-list': PAGE_LIST,
  'language-list': LANGUAGES,
  layout: LAYOUT,
  secret: SECRET,
  'flag-list': FLAGS,
  margins: MARGINS,
};

function fieldOf<S extends OptionSpec>(spec: S): OptionField<S> {
  return OPTION_FIELDS[spec.kind] as unknown as OptionField<S>;
}

const optionsOf = (toolId: ToolId) =>
  Object.entries(TOOLS[toolId].options as Readonly<Record<string, OptionSpec>>);

/**
 * The options form of a tool without a form of its own: each option shown as its kind is (`OPTION_FIELDS`), with
 * its words from `tools.<id>.options.<name>…` (`genericOptionKeys`).
 */
export function GenericOptions({ toolId, files, ...form }: ToolOptionsProps & { readonly toolId: ToolId }) {
  return (
    <div className="mt-6 space-y-4" data-testid="tool-options">
      <OptionFields {...form} files={files} toolId={toolId} />
      {files[0] && isPagePickerTool(toolId) && (
        <Suspense fallback={null}>
          <PagePicker
            toolId={toolId}
            file={files[0]}
            password={form.passwords[0]}
            values={form.values}
            disabled={form.disabled}
            onChange={form.onChange}
            onAskPassword={(isRetry) => form.onAskPassword(0, isRetry)}
          />
        </Suspense>
      )}
      {files[0] && toolId === 'compress' && (
        <Suspense fallback={null}>
          <PagesPreview
            toolId={toolId}
            file={files[0]}
            password={form.passwords[0]}
            onAskPassword={(isRetry) => form.onAskPassword(0, isRetry)}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The generic form's fields of a tool's options, each as its kind is shown (`OPTION_FIELDS`), in the registry's
 * order: all of them, or those named in `only` (a form of its own that shows some of them as the generic form does).
 */
export function OptionFields({
  toolId,
  only,
  files: _files,
  ...form
}: ToolOptionsProps & { readonly toolId: ToolId; readonly only?: readonly string[] }) {
  const { intl, t } = getTranslator(useLocale());
  const text = (key: string) => t(key as MessageKey);
  const has = (key: string) => intl.messages[key] !== undefined;
  return optionsOf(toolId)
    .filter(([name]) => only === undefined || only.includes(name))
    .map(([name, spec]) => {
      const { Field } = fieldOf(spec);
      const words = `tools.${toolId}.options.${name}`;
      return <Field key={name} {...form} {...{ toolId, name, spec, words, text, has, t }} />;
    });
}

/** The message keys the generic form reads for a tool's options. */
export function genericOptionKeys(toolId: ToolId): { required: string[]; optional: string[] } {
  const keys = { required: [] as string[], optional: [] as string[] };
  for (const [name, spec] of optionsOf(toolId)) {
    const own = fieldOf(spec).messageKeys(`tools.${toolId}.options.${name}`, spec);
    keys.required.push(...own.required);
    keys.optional.push(...own.optional);
  }
  return keys;
}

/**
 * Every option of a tool at the value its form starts with on a page in `locale`: the kind's starting value
 * (`initialOptionValues`), or the field's own where it depends on the language (a document's languages).
 */
export function formStartValues(tool: ToolDefinition, locale: Locale): Record<string, string> {
  const values = initialOptionValues(tool.options);
  for (const [name, spec] of Object.entries(tool.options as Readonly<Record<string, OptionSpec>>)) {
    const value = fieldOf(spec).initialValue?.(spec, locale);
    if (value !== undefined) values[name] = value;
  }
  return values;
}
