import { AppError } from '../errors/app-error.ts';
import { MAX_FIELD_BYTES } from '../limits.ts';
import type { OptionKind } from './option-kinds.ts';
import type {
  BoxesOptionSpec,
  ColorOptionSpec,
  MatchNumbersOptionSpec,
  PlacementsOptionSpec,
  SearchTermsOptionSpec,
} from './option-specs.ts';
import { MAX_PAGE_BOXES_BYTES, PAGE_BOXES_EXAMPLE, pageBoxesError, readPageBoxes } from './page-boxes.ts';
import { MAX_PLACEMENTS_BYTES, PLACEMENTS_EXAMPLE, placementsError, readPlacements } from './placements.ts';

/** The kinds of option Redact PDF brought (`OPTION_KINDS` holds them with the others): search terms, boxes, and the colour Watermark shares; and Sign PDF's placements, boxes with a picture. */

/**
 * Search terms: one per line. Their messages name the field and the line, never the words: what a visitor looks for
 * in a document is theirs, and stays out of the error body and the logs.
 */
export const SEARCH_TERMS: OptionKind<SearchTermsOptionSpec> = {
  read: (name, raw, spec) => {
    const lines = (raw ?? '')
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    if (lines.length > spec.maxItems) {
      throw new AppError('INVALID_OPTIONS', `"${name}" can have at most ${spec.maxItems} lines.`, {
        option: name,
        maxItems: spec.maxItems,
      });
    }
    const long = lines.findIndex((line) => [...line].length > spec.maxChars);
    if (long >= 0) {
      throw new AppError(
        'INVALID_OPTIONS',
        `Line ${long + 1} of "${name}" is too long: each line can have at most ${spec.maxChars} characters.`,
        { option: name, line: long + 1, maxChars: spec.maxChars },
      );
    }
    // eslint-disable-next-line no-control-regex -- words to find: no control characters within a line
    const control = lines.findIndex((line) => /[\u0000-\u001f\u007f]/.test(line));
    if (control >= 0) {
      throw new AppError('INVALID_OPTIONS', `Line ${control + 1} of "${name}" has control characters.`, {
        option: name,
        line: control + 1,
      });
    }
    return lines;
  },
  check: (name, value, spec, options) => {
    if (options[spec.regexOption] !== 'true') return;
    const wrong = value.findIndex((line) => !compiles(line));
    if (wrong >= 0) {
      throw new AppError(
        'INVALID_OPTIONS',
        `Line ${wrong + 1} of "${name}" is not a valid regular expression (JavaScript syntax, as with the u flag).`,
        { option: name, line: wrong + 1, reason: 'regex' },
      );
    }
  },
  schema: () => ({ type: 'string', maxLength: MAX_FIELD_BYTES, examples: ['Jane Doe\n555-0100'] }),
  isRequired: () => false,
  initialValue: () => undefined,
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
};

/** Whether a regular expression compiles as search terms are matched (case-insensitive, Unicode). Never runs it. */
function compiles(source: string): boolean {
  try {
    new RegExp(source, 'giu');
    return true;
  } catch {
    return false;
  }
}

export const BOXES: OptionKind<BoxesOptionSpec> = {
  read: (name, raw) => {
    if (raw === undefined) return [];
    const read = readPageBoxes(raw);
    if (!read.ok) throw pageBoxesError(name, read.problem);
    return read.boxes;
  },
  check: () => undefined,
  schema: () => ({
    type: 'string',
    contentMediaType: 'application/json',
    maxLength: MAX_PAGE_BOXES_BYTES,
    examples: [PAGE_BOXES_EXAMPLE],
  }),
  isRequired: () => false,
  initialValue: () => undefined,
  errorCodes: [],
  maxBytes: MAX_PAGE_BOXES_BYTES,
};

/** Sign PDF's placements: boxes as `BOXES` reads them, each with its picture's number; at least one. */
export const PLACEMENTS: OptionKind<PlacementsOptionSpec> = {
  read: (name, raw) => {
    const read = readPlacements(raw);
    if (!read.ok) throw placementsError(name, read.problem);
    return read.placements;
  },
  check: () => undefined,
  schema: () => ({
    type: 'string',
    contentMediaType: 'application/json',
    maxLength: MAX_PLACEMENTS_BYTES,
    examples: [PLACEMENTS_EXAMPLE],
  }),
  isRequired: () => true,
  initialValue: () => undefined,
  errorCodes: [],
  maxBytes: MAX_PLACEMENTS_BYTES,
};

/** Digits a match number is written with at most, and its separator: the longest field `maxItems` numbers make. */
const MATCH_NUMBER_BYTES = 8;

export const MATCH_NUMBERS: OptionKind<MatchNumbersOptionSpec> = {
  read: (name, raw, spec) => {
    if (raw === undefined) return [];
    const parts = raw.split(/[\s,]+/).filter((part) => part !== '');
    if (parts.length > spec.maxItems || !parts.every((part) => /^[1-9]\d{0,6}$/.test(part))) {
      throw new AppError(
        'INVALID_OPTIONS',
        `"${name}" must list match numbers from 1 separated by commas, such as 2, 5 (at most ${spec.maxItems}).`,
        { option: name, maxItems: spec.maxItems },
      );
    }
    return [...new Set(parts.map(Number))].sort((a, b) => a - b);
  },
  check: () => undefined,
  schema: (spec) => ({
    type: 'string',
    maxLength: spec.maxItems * MATCH_NUMBER_BYTES,
    pattern: '^[0-9, ]*$',
    examples: ['2, 5'],
  }),
  isRequired: () => false,
  initialValue: () => undefined,
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES * 16,
};

export const COLOR: OptionKind<ColorOptionSpec> = {
  read: (name, raw, spec) => {
    if (raw === undefined) return spec.default;
    if (!/^#[0-9a-f]{6}$/i.test(raw)) {
      throw new AppError(
        'INVALID_OPTIONS',
        `"${name}" must be a colour written as # and six hexadecimal digits, such as #ff0000 for red.`,
        { option: name },
      );
    }
    return raw.toLowerCase();
  },
  check: () => undefined,
  schema: (spec) => ({
    type: 'string',
    default: spec.default,
    pattern: '^#[0-9a-fA-F]{6}$',
    maxLength: 7,
    examples: [spec.default, '#ff0000'],
  }),
  isRequired: () => false,
  initialValue: (spec) => spec.default,
  errorCodes: [],
  maxBytes: MAX_FIELD_BYTES,
};
