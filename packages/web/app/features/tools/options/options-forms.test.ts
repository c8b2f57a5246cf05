import { TOOLS, TOOL_IDS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { optionsFormOf } from './index.ts';

describe('options forms', () => {
  it.each(TOOL_IDS)('%s has a form exactly when it has options', (toolId) => {
    expect(optionsFormOf(toolId) !== null).toBe(Object.keys(TOOLS[toolId].options).length > 0);
  });
});
