import { TOOL_IDS, TOOLS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { defaultOptionsOf } from './default-options.ts';

describe('defaultOptionsOf', () => {
  it('starts every form on the registry defaults', () => {
    expect(defaultOptionsOf(TOOLS.split)).toEqual({ mode: 'pages' });
    expect(defaultOptionsOf(TOOLS.compress)).toEqual({ quality: 'medium' });
    expect(defaultOptionsOf(TOOLS['pdf-to-jpg'])).toEqual({ quality: 'medium' });
    expect(defaultOptionsOf(TOOLS['jpg-to-pdf'])).toEqual({ pageSize: 'fit', margin: 'none' });
    expect(defaultOptionsOf(TOOLS.merge)).toEqual({});
  });

  it('preselects the first value of a required choice (rotate: 90 degrees) and leaves page lists out', () => {
    expect(defaultOptionsOf(TOOLS.rotate)).toEqual({ angle: '90' });
  });

  it('only ever produces values the registry allows', () => {
    for (const id of TOOL_IDS) {
      const tool = TOOLS[id];
      for (const [name, value] of Object.entries(defaultOptionsOf(tool))) {
        const spec = tool.options[name as keyof typeof tool.options] as { kind: string; values?: string[] };
        expect(spec.kind).toBe('enum');
        expect(spec.values).toContain(value);
      }
    }
  });
});
