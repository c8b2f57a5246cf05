import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { initialOptionValues, optionKindOf, readOptions } from './option-kinds.ts';
import type { FlagListOptionSpec, SecretOptionSpec } from './option-specs.ts';

/** Options as Protect PDF has them: a secret (the new password) and a flag list (the permissions kept). */
const SPECS: { newPassword: SecretOptionSpec; permissions: FlagListOptionSpec } = {
  newPassword: { kind: 'secret', maxChars: 128, maxBytes: 127 },
  permissions: { kind: 'flag-list', values: ['print', 'copy', 'edit', 'annotate', 'forms'] },
};

function refusalOf(fields: Record<string, string>): AppError {
  let thrown: unknown;
  try {
    readOptions(SPECS, new Map(Object.entries(fields)));
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AppError);
  return thrown as AppError;
}

describe('a secret option (a new password)', () => {
  it('is read exactly as sent, spaces and all', () => {
    const read = readOptions(SPECS, new Map([['newPassword', '  two words  ']]));
    expect(read.newPassword).toBe('  two words  ');
  });

  it('is required: absent or empty, INVALID_OPTIONS names the field and the rule', () => {
    for (const fields of [{}, { newPassword: '' }] as Record<string, string>[]) {
      const error = refusalOf(fields);
      expect(error).toMatchObject({
        code: 'INVALID_OPTIONS',
        details: { option: 'newPassword', maxChars: 128 },
      });
      expect(error.message).toBe('The "newPassword" field is required: from 1 to 128 characters.');
    }
  });

  it('refuses more than 128 characters, more than the 127 bytes a PDF keeps, and control characters', () => {
    expect(refusalOf({ newPassword: 'a'.repeat(129) }).message).toBe(
      '"newPassword" can have at most 128 characters.',
    );
    // 64 two-byte letters: 64 characters, 128 bytes.
    const tooManyBytes = refusalOf({ newPassword: 'é'.repeat(64) });
    expect(tooManyBytes.details).toMatchObject({ option: 'newPassword', maxBytes: 127 });
    expect(tooManyBytes.message).toMatch(
      /^"newPassword" is too long: it can have at most 127 bytes in UTF-8/,
    );
    expect(readOptions(SPECS, new Map([['newPassword', 'é'.repeat(63)]])).newPassword).toBe('é'.repeat(63));
    expect(refusalOf({ newPassword: 'line\nbreak' }).message).toBe(
      '"newPassword" cannot contain line breaks or control characters.',
    );
  });

  it('never repeats the value in a refusal', () => {
    for (const newPassword of ['x'.repeat(129), 'ü'.repeat(100), 'secret\tvalue']) {
      const error = refusalOf({ newPassword });
      expect(error.message).not.toContain(newPassword);
      expect(JSON.stringify(error.details)).not.toContain(newPassword);
    }
  });

  it('starts empty in the form, and the API marks it required, hidden as typed', () => {
    expect(initialOptionValues(SPECS)).toEqual({ permissions: 'print,copy,edit,annotate,forms' });
    const kind = optionKindOf(SPECS.newPassword);
    expect(kind.isRequired(SPECS.newPassword)).toBe(true);
    expect(kind.schema(SPECS.newPassword)).toEqual({
      type: 'string',
      minLength: 1,
      maxLength: 128,
      format: 'password',
    });
  });
});

describe('a flag list (permissions)', () => {
  const permissionsOf = (permissions?: string) =>
    readOptions(
      SPECS,
      new Map([
        ['newPassword', 'pw'],
        ...(permissions === undefined ? [] : [['permissions', permissions] as const]),
      ]),
    ).permissions;

  it('is every flag when absent or blank, none for `none`', () => {
    expect(permissionsOf()).toEqual(['print', 'copy', 'edit', 'annotate', 'forms']);
    expect(permissionsOf('  ')).toEqual(['print', 'copy', 'edit', 'annotate', 'forms']);
    expect(permissionsOf('none')).toEqual([]);
    expect(permissionsOf('NONE')).toEqual([]);
  });

  it('reads the flags named, each once, in the registry’s order, whatever the case and spaces', () => {
    expect(permissionsOf('forms, Print,print')).toEqual(['print', 'forms']);
    expect(permissionsOf('copy')).toEqual(['copy']);
  });

  it('refuses a flag it does not know, listing those it does', () => {
    const error = refusalOf({ newPassword: 'pw', permissions: 'print,modify' });
    expect(error).toMatchObject({
      code: 'INVALID_OPTIONS',
      details: { option: 'permissions', allowed: 'print, copy, edit, annotate, forms' },
    });
    expect(error.message).toBe(
      '"permissions" must list some of print, copy, edit, annotate, forms, joined by commas, or be none.',
    );
  });
});
