import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { readOptions } from './option-kinds.ts';
import type { NumberOptionSpec, TextOptionSpec } from './option-specs.ts';

/** Options as Add page numbers has them: a line of text with a placeholder, and a whole number. */
const SPECS: { format: TextOptionSpec; start: NumberOptionSpec } = {
  format: { kind: 'text', maxChars: 100, default: '{n}', placeholders: ['{n}'], presets: ['number'] },
  start: { kind: 'number', min: 0, max: 999_999, default: 1 },
};

const read = (fields: Record<string, string>) => readOptions(SPECS, new Map(Object.entries(fields)));

function refusalOf(fields: Record<string, string>): AppError {
  let thrown: unknown;
  try {
    read(fields);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(AppError);
  return thrown as AppError;
}

describe('a number option', () => {
  it('is its default when absent or blank, and its value as a number when sent', () => {
    expect(read({}).start).toBe(1);
    expect(read({ start: '  ' }).start).toBe(1);
    expect(read({ start: '0' }).start).toBe(0);
    expect(read({ start: ' 42 ' }).start).toBe(42);
  });

  it('refuses what is not a whole number in its range, naming the range', () => {
    for (const start of ['-1', '1000000', '1.5', '1e3', '0x10', 'ten', '12abc']) {
      expect(refusalOf({ start })).toMatchObject({
        code: 'INVALID_OPTIONS',
        message: '"start" must be a whole number from 0 to 999999.',
        details: { option: 'start', min: 0, max: 999_999 },
      });
    }
  });
});

describe('a text option', () => {
  it('is its default when absent, and read as sent otherwise, in any script', () => {
    expect(read({}).format).toBe('{n}');
    expect(read({ format: 'صفحة {n} من {total}' }).format).toBe('صفحة {n} من {total}');
    expect(read({ format: '第 {n} 页' }).format).toBe('第 {n} 页');
  });

  it('requires its placeholders, and refuses line breaks and more than its characters, never repeating the text', () => {
    const missing = refusalOf({ format: 'Chapter one' });
    expect(missing).toMatchObject({ code: 'INVALID_OPTIONS', message: '"format" must contain {n}.' });
    expect(refusalOf({ format: `{n}${'x'.repeat(98)}` }).details).toMatchObject({ maxChars: 100 });
    // 100 characters, some beyond the BMP, count as characters, not UTF-16 units.
    expect(read({ format: `{n}${'𝔸'.repeat(97)}` }).format).toHaveLength(3 + 97 * 2);
    const broken = refusalOf({ format: 'private\n{n}' });
    expect(broken.message).toBe('"format" cannot contain line breaks or control characters.');
    expect(JSON.stringify(broken)).not.toContain('private');
  });
});
