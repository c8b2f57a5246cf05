import { TOOLS, TOOL_IDS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../../i18n/messages.ts';
import { genericOptionKeys } from './generic-options.tsx';
import { optionsFormOf, usesGenericForm } from './index.ts';

describe('options forms', () => {
  it.each(TOOL_IDS)('%s has a form exactly when it has options', (toolId) => {
    expect(optionsFormOf(toolId) !== null).toBe(Object.keys(TOOLS[toolId].options).length > 0);
  });

  it('give the generic form the words it reads, for every tool it shows', () => {
    const messages: Readonly<Record<string, unknown>> = messagesFor('en');
    const generic = TOOL_IDS.filter(usesGenericForm);
    expect(generic).toEqual(expect.arrayContaining(['split', 'compress']));
    const missing = generic.flatMap((toolId) =>
      genericOptionKeys(toolId).required.filter((key) => messages[key] === undefined),
    );
    expect(missing).toEqual([]);
  });
});
