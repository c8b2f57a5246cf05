import { TOOLS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { choiceOf } from './option-values.ts';

describe('choiceOf', () => {
  it('keeps an allowed value and falls back to the registry default', () => {
    expect(choiceOf(TOOLS.compress.options.quality, 'low')).toBe('low');
    expect(choiceOf(TOOLS.compress.options.quality, undefined)).toBe('medium');
    expect(choiceOf(TOOLS.compress.options.quality, 'ultra')).toBe('medium');
  });

  it('falls back to the first value of a choice without a default', () => {
    expect(choiceOf(TOOLS.rotate.options.angle, undefined)).toBe('90');
    expect(choiceOf(TOOLS.rotate.options.angle, '270')).toBe('270');
  });
});
