import { describe, expect, it } from 'vitest';
import { initialOptionValues } from './option-kinds.ts';
import { TOOLS } from './registry.ts';
import { TOOL_IDS } from './tool-ids.ts';

describe('initialOptionValues', () => {
  it('starts every form on the registry defaults', () => {
    expect(initialOptionValues(TOOLS.split.options)).toEqual({ mode: 'pages' });
    expect(initialOptionValues(TOOLS.compress.options)).toEqual({ quality: 'medium' });
    expect(initialOptionValues(TOOLS['pdf-to-jpg'].options)).toEqual({ quality: 'medium' });
    expect(initialOptionValues(TOOLS['jpg-to-pdf'].options)).toEqual({ pageSize: 'fit', margin: 'none' });
    expect(initialOptionValues(TOOLS.merge.options)).toEqual({});
  });

  it('preselects the first value of a required choice (rotate: 90 degrees) and leaves page lists out', () => {
    expect(initialOptionValues(TOOLS.rotate.options)).toEqual({ angle: '90' });
  });

  it('only ever produces values the registry allows', () => {
    for (const id of TOOL_IDS) {
      const tool = TOOLS[id];
      for (const [name, value] of Object.entries(initialOptionValues(tool.options))) {
        const spec = tool.options[name as keyof typeof tool.options] as { kind: string; values?: string[] };
        expect(spec.kind).toBe('enum');
        expect(spec.values).toContain(value);
      }
    }
  });
});
