import type { FieldSchema } from '../api/openapi-types.ts';
import { AppError } from '../errors/app-error.ts';
import type { ErrorCode } from '../errors/error-codes.ts';
import { utf8Bytes } from '../files/safe-file-name.ts';
import { MAX_FIELD_BYTES } from '../limits.ts';
import { AUTO_LANGUAGE } from './ocr-languages.ts';
import { layoutError, MAX_LAYOUT_BYTES, readPageLayout } from './page-layout.ts';
import { AUTO_MARGINS } from './option-specs.ts';
import { BOXES, COLOR, MATCH_NUMBERS, PLACEMENTS, SEARCH_TERMS } from './redact-option-kinds.ts';
import type {
  EnumOptionSpec,
  FlagListOptionSpec,
  LanguageList,
  LanguageListOptionSpec,
  LayoutOptionSpec,
  Margins,
  MarginsOptionSpec,
  NumberOptionSpec,
  OptionSpec,
  OptionValue,
  PageListOptionSpec,
  SecretOptionSpec,
  TextOptionSpec,
} from './option-specs.ts';

/** Longest page list accepted (`1-3, 7, 9-` …); the engine checks it against the document. */
const MAX_PAGE_LIST_CHARS = 1000;

/** The values of a tool's options as read so far, by name; undefined: absent. */
export type OptionValues = Readonly<Record<string, OptionValue<OptionSpec>>>;

/**
 * Everything that depends on the kind of an option, in one place: how the server reads it, what the API docs say of
 * it, whether a request must carry it, what the form starts with and what a wrong value answers. A new kind of
 * option is a new entry of `OPTION_KINDS`, which TypeScript requires for every kind of `OptionSpec`.
 */
export type OptionKind<S extends OptionSpec> = {
  /**
   * Reads one field as sent (trimmed; undefined when absent or blank) into the option's typed value, or throws
   * `INVALID_OPTIONS` with a message a person can act on. The only parser of a field: the server reads requests
   * with it, the web its form's fields, and the engine receives its values.
   */
  readonly read: (name: string, raw: string | undefined, spec: S) => OptionValue<S>;
  /** Checks the value against the other options, once all are read (`requiredWhen`, say). */
  readonly check: (name: string, value: OptionValue<S>, spec: S, options: OptionValues) => void;
  /** The field's JSON schema in the API docs, without its description. */
  readonly schema: (spec: S) => Omit<FieldSchema, 'description'>;
  /** Whether every request must carry the field. */
  readonly isRequired: (spec: S) => boolean;
  /** The value the tool's form starts with; undefined leaves the field out until the visitor fills it. */
  readonly initialValue: (spec: S) => string | undefined;
  /** What the work may answer for a value that reads well but does not fit the document, beyond INVALID_OPTIONS. */
  readonly errorCodes: readonly ErrorCode[];
  /** The longest field the server reads for it (`REQUEST_TOO_LARGE` past it). */
  readonly maxBytes: number;
  /** Whether the field is read exactly as sent, spaces included (a secret); every other field is trimmed. */
  readonly keepsSpaces?: true;
};

const ENUM: OptionKind<EnumOptionSpec> = {
  read: (name, raw, spec) => {
    const value = raw ?? spec.default;
    const allowed = spec.values.join(', ');
    if (value === undefined) {
      throw new AppError('INVALID_OPTIONS', `The "${name}" field is required: one of ${allowed}.`, {
        option: name,
        allowed,
      });
    }
    if (!spec.values.includes(value)) {
      throw new AppError('INVALID_OPTIONS', `"${name}" must be one of ${allowed}.`, {
        option: name,
        allowed,
      });
    }
    return value;
  },
  check: () => undefined,
  schema: (spec) => ({
    type: 'string',
    enum: [...spec.values],
    ...(spec.default === undefined ? {} : { default: spec.default }),
  }),
  isRequired: (spec) => spec.default === undefined,
  // A required choice without a default (rotate's angle) starts on its first value: the form always shows one.
  initialValue: (spec) => spec.default ?? spec.values[0],
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
};

const PAGE_LIST: OptionKind<PageListOptionSpec> = {
  read: (name, raw) => {
    if (raw !== undefined && (raw.length > MAX_PAGE_LIST_CHARS || !/^[\d\s,-]*$/.test(raw))) {
      throw new AppError('INVALID_OPTIONS', `"${name}" must list pages such as 1-3, 7, 9-.`, {
        option: name,
      });
    }
    return raw;
  },
  check: (name, value, spec, options) => {
    if (value === undefined && spec.required) {
      throw new AppError('INVALID_OPTIONS', `The "${name}" field is required: pages such as 1-3, 7, 9-.`, {
        option: name,
      });
    }
    const condition = spec.requiredWhen;
    if (value === undefined && condition && options[condition.option] === condition.value) {
      throw new AppError(
        'INVALID_OPTIONS',
        `The "${name}" field is required when ${condition.option} is ${condition.value}.`,
        { option: name },
      );
    }
  },
  schema: () => ({ type: 'string', maxLength: MAX_FIELD_BYTES, examples: ['1-5, 10-15', '3', '8-'] }),
  isRequired: (spec) => spec.required === true,
  initialValue: () => undefined,
  errorCodes: ['INVALID_PAGE_RANGE'],
  maxBytes: MAX_FIELD_BYTES,
};

const LANGUAGE_LIST: OptionKind<LanguageListOptionSpec> = {
  read: (name, raw, spec) => {
    if (raw === undefined || raw === AUTO_LANGUAGE) return AUTO_LANGUAGE;
    const allowed = spec.values.join(', ');
    const languages = [...new Set(raw.split(/[+,]/).map((language) => language.trim().toLowerCase()))];
    const unknown = languages.find((language) => !spec.values.includes(language));
    if (unknown !== undefined) {
      throw new AppError(
        'INVALID_OPTIONS',
        `"${name}" must be ${AUTO_LANGUAGE} or languages among ${allowed}, joined by +.`,
        { option: name, allowed },
      );
    }
    if (languages.length > spec.maxItems) {
      throw new AppError('INVALID_OPTIONS', `"${name}" may name at most ${spec.maxItems} languages.`, {
        option: name,
        maxItems: spec.maxItems,
      });
    }
    return languages;
  },
  check: () => undefined,
  schema: (spec) => ({
    type: 'string',
    default: AUTO_LANGUAGE,
    maxLength: MAX_FIELD_BYTES,
    examples: [AUTO_LANGUAGE, `${spec.values[2] ?? spec.values[0]}+${spec.values[0]}`, spec.values[0] ?? ''],
  }),
  isRequired: () => false,
  initialValue: () => AUTO_LANGUAGE,
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
};

/** An example of a layout: the second page, the first turned a quarter clockwise, a blank page of A4. */
const LAYOUT_EXAMPLE = '[{"file": 0, "page": 2}, {"file": 0, "page": 1, "rotate": 90}, {"blank": "a4"}]';

const LAYOUT: OptionKind<LayoutOptionSpec> = {
  read: (name, raw) => {
    if (raw === undefined) {
      throw new AppError(
        'INVALID_OPTIONS',
        `The "${name}" field is required: a JSON array such as ${LAYOUT_EXAMPLE}.`,
        {
          option: name,
        },
      );
    }
    const read = readPageLayout(raw);
    if (!read.ok) throw layoutError(read.problem);
    return read.layout;
  },
  check: () => undefined,
  schema: () => ({
    type: 'string',
    contentMediaType: 'application/json',
    maxLength: MAX_LAYOUT_BYTES,
    examples: [LAYOUT_EXAMPLE],
  }),
  isRequired: () => true,
  initialValue: () => undefined,
  errorCodes: ['INVALID_LAYOUT'],
  maxBytes: MAX_LAYOUT_BYTES,
};

/**
 * A secret is required (unless `optional`: then undefined when absent) and read exactly as sent. Its messages name the field and the rule, never the value: the
 * error body, the logs and the metrics never hold what was typed.
 */
const SECRET: OptionKind<SecretOptionSpec> = {
  read: (name, raw, spec) => {
    // An optional secret's value is `string | undefined` (`OptionValue`), which the kind's wider type cannot say.
    if (raw === undefined && spec.optional) return undefined as unknown as string;
    if (raw === undefined) {
      throw new AppError(
        'INVALID_OPTIONS',
        `The "${name}" field is required: from 1 to ${spec.maxChars} characters.`,
        { option: name, maxChars: spec.maxChars },
      );
    }
    // Counted in code points, as JSON Schema's maxLength in the API document counts them.
    if ([...raw].length > spec.maxChars) {
      throw new AppError('INVALID_OPTIONS', `"${name}" can have at most ${spec.maxChars} characters.`, {
        option: name,
        maxChars: spec.maxChars,
      });
    }
    if (spec.maxBytes !== undefined && utf8Bytes(raw) > spec.maxBytes) {
      throw new AppError(
        'INVALID_OPTIONS',
        `"${name}" is too long: it can have at most ${spec.maxBytes} bytes in UTF-8 (${spec.maxBytes} letters without accents, half as many accented letters, a third as many Chinese, Japanese or Korean characters).`,
        { option: name, maxChars: spec.maxChars, maxBytes: spec.maxBytes },
      );
    }
    // eslint-disable-next-line no-control-regex -- a secret with control characters could not be typed again
    if (/[\u0000-\u001f\u007f]/.test(raw)) {
      throw new AppError('INVALID_OPTIONS', `"${name}" cannot contain line breaks or control characters.`, {
        option: name,
      });
    }
    return raw;
  },
  check: () => undefined,
  schema: (spec) => ({ type: 'string', minLength: 1, maxLength: spec.maxChars, format: 'password' }),
  isRequired: (spec) => spec.optional !== true,
  initialValue: () => undefined,
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
  keepsSpaces: true,
};

const NUMBER: OptionKind<NumberOptionSpec> = {
  read: (name, raw, spec) => {
    if (raw === undefined) return spec.default;
    const value = /^-?\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isInteger(value) || value < spec.min || value > spec.max) {
      throw new AppError(
        'INVALID_OPTIONS',
        `"${name}" must be a whole number from ${spec.min} to ${spec.max}.`,
        { option: name, min: spec.min, max: spec.max },
      );
    }
    return value;
  },
  check: () => undefined,
  // A multipart field is text: the number in decimal digits.
  schema: (spec) => ({
    type: 'string',
    default: String(spec.default),
    maxLength: 10,
    examples: [String(spec.default), String(spec.max)],
  }),
  isRequired: () => false,
  initialValue: (spec) => String(spec.default),
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
};

/**
 * A text's messages name the field and the rule, never the value: what a visitor writes is theirs, and stays out of
 * the error body and the logs.
 */
const TEXT: OptionKind<TextOptionSpec> = {
  read: (name, raw, spec) => {
    if (raw === undefined || (spec.default === undefined && raw.trim() === '')) return spec.default;
    if ([...raw].length > spec.maxChars) {
      throw new AppError('INVALID_OPTIONS', `"${name}" can have at most ${spec.maxChars} characters.`, {
        option: name,
        maxChars: spec.maxChars,
      });
    }
    // eslint-disable-next-line no-control-regex -- one line of text: no breaks, no control characters
    if (/[\u0000-\u001f\u007f]/.test(raw)) {
      throw new AppError('INVALID_OPTIONS', `"${name}" cannot contain line breaks or control characters.`, {
        option: name,
      });
    }
    const missing = spec.placeholders?.find((placeholder) => !raw.includes(placeholder));
    if (missing !== undefined) {
      throw new AppError('INVALID_OPTIONS', `"${name}" must contain ${missing}.`, {
        option: name,
        placeholder: missing,
      });
    }
    return raw;
  },
  check: () => undefined,
  schema: (spec) => ({ type: 'string', maxLength: spec.maxChars, default: spec.default }),
  isRequired: () => false,
  initialValue: (spec) => spec.default,
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
};

/** What a flag list sends for none of its flags (a blank field means all of them). */
export const NO_FLAGS = 'none';

const FLAG_LIST: OptionKind<FlagListOptionSpec> = {
  read: (name, raw, spec) => {
    if (raw === undefined) return [...spec.values];
    if (raw.toLowerCase() === NO_FLAGS) return [];
    const named = new Set(raw.split(',').map((flag) => flag.trim().toLowerCase()));
    const unknown = [...named].find((flag) => !spec.values.includes(flag));
    if (unknown !== undefined) {
      const allowed = spec.values.join(', ');
      throw new AppError(
        'INVALID_OPTIONS',
        `"${name}" must list some of ${allowed}, joined by commas, or be ${NO_FLAGS}.`,
        { option: name, allowed },
      );
    }
    return spec.values.filter((flag) => named.has(flag));
  },
  check: () => undefined,
  schema: (spec) => ({
    type: 'string',
    default: spec.values.join(','),
    maxLength: MAX_FIELD_BYTES,
    examples: [spec.values.slice(0, 2).join(','), spec.values[0] ?? '', NO_FLAGS],
  }),
  isRequired: () => false,
  initialValue: (spec) => spec.values.join(','),
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
};

/** The sides of margins in the order a margins field lists them, clockwise from the top (as CSS does). */
export const MARGIN_SIDES = ['top', 'right', 'bottom', 'left'] as const;

const MARGINS: OptionKind<MarginsOptionSpec> = {
  read: (name, raw, spec) => {
    if (raw === undefined || raw.toLowerCase() === AUTO_MARGINS) return AUTO_MARGINS;
    const parts = raw.split(/\s*,\s*|\s+/);
    const numbers = parts.map((part) => (/^\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN));
    if (numbers.length !== 4 || numbers.some((value) => !(value <= spec.maxPoints))) {
      throw new AppError(
        'INVALID_OPTIONS',
        `"${name}" must be ${AUTO_MARGINS} or four numbers of points from 0 to ${spec.maxPoints}: top, right, bottom, left (such as 36, 0, 36, 0).`,
        { option: name, maxPoints: spec.maxPoints },
      );
    }
    const [top = 0, right = 0, bottom = 0, left = 0] = numbers;
    return { top, right, bottom, left };
  },
  check: () => undefined,
  schema: () => ({
    type: 'string',
    default: AUTO_MARGINS,
    maxLength: MAX_FIELD_BYTES,
    examples: [AUTO_MARGINS, '36, 36, 36, 36', '0, 18.5, 0, 18.5'],
  }),
  isRequired: () => false,
  initialValue: () => AUTO_MARGINS,
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
};

/** Margins as a form field sends them: `auto`, or the four numbers joined by commas, as `read` takes them back. */
export function marginsField(margins: Margins): string {
  return margins === AUTO_MARGINS ? AUTO_MARGINS : MARGIN_SIDES.map((side) => margins[side]).join(', ');
}

/** A flag list as a form field sends it: its flags joined by commas, or `none`, as `read` takes it back. */
export function flagListField(flags: readonly string[]): string {
  return flags.length === 0 ? NO_FLAGS : flags.join(',');
}

/** A language list as a form field sends it: `auto`, or its languages joined by `+`, as `read` takes it back. */
export function languageListField(languages: LanguageList): string {
  return languages === AUTO_LANGUAGE || languages.length === 0 ? AUTO_LANGUAGE : languages.join('+');
}

export const OPTION_KINDS: {
  readonly [K in OptionSpec['kind']]: OptionKind<Extract<OptionSpec, { kind: K }>>;
} = {
  enum: ENUM,
  'search-terms': SEARCH_TERMS,
  boxes: BOXES,
  placements: PLACEMENTS,
  'match-numbers': MATCH_NUMBERS,
  color: COLOR,
  number: NUMBER,
  text: TEXT,
  'page-list': PAGE_LIST,
  'language-list': LANGUAGE_LIST,
  layout: LAYOUT,
  secret: SECRET,
  'flag-list': FLAG_LIST,
  margins: MARGINS,
};

/**
 * The longest value the server reads for a field of a tool: its option's kind's (`maxBytes`), `MAX_FIELD_BYTES` for
 * any other field (a password, a field that is no option).
 */
export function maxFieldBytes(specs: Readonly<Record<string, OptionSpec>>, name: string): number {
  const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
  return spec ? optionKindOf(spec).maxBytes : MAX_FIELD_BYTES;
}

/** The longest value of any field of any tool: what the upload reader may hold of one field before it judges it. */
export const MAX_ANY_FIELD_BYTES = Math.max(
  MAX_FIELD_BYTES,
  ...Object.values(OPTION_KINDS).map((kind) => kind.maxBytes),
);

/** The entry of `OPTION_KINDS` for a spec, typed for it. */
export function optionKindOf<S extends OptionSpec>(spec: S): OptionKind<S> {
  return OPTION_KINDS[spec.kind] as unknown as OptionKind<S>;
}

/**
 * Every option at the value its form starts with (`initialValue` of its kind): a choice on its default, or its first
 * value when it has none (rotate's angle); a page list is left out. The web's form starts from it, and the status
 * probe and the hardening tests send it.
 */
export function initialOptionValues(specs: Readonly<Record<string, OptionSpec>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = optionKindOf(spec).initialValue(spec);
    if (value !== undefined) values[name] = value;
  }
  return values;
}

/**
 * Reads every option of a tool from its form fields (field names already checked), then checks each against the
 * others; throws `INVALID_OPTIONS` for the first wrong one.
 */
export function readOptions(
  specs: Readonly<Record<string, OptionSpec>>,
  fields: ReadonlyMap<string, string>,
): Record<string, OptionValue<OptionSpec>> {
  const options: Record<string, OptionValue<OptionSpec>> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const kind = optionKindOf(spec);
    const sent = fields.get(name);
    const raw = kind.keepsSpaces ? sent : sent?.trim();
    options[name] = kind.read(name, raw === '' ? undefined : raw, spec);
  }
  for (const [name, spec] of Object.entries(specs))
    optionKindOf(spec).check(name, options[name], spec, options);
  return options;
}
