import { describe, expect, it } from 'vitest';
import { flagListField, initialOptionValues, optionKindOf } from './option-kinds.ts';
import type { OptionSpec } from './option-specs.ts';
import { TOOLS } from './registry.ts';
import { TOOL_IDS } from './tool-ids.ts';

describe('initialOptionValues', () => {
  it('starts every form on the registry defaults', () => {
    expect(initialOptionValues(TOOLS.split.options)).toEqual({ mode: 'pages' });
    expect(initialOptionValues(TOOLS.compress.options)).toEqual({ quality: 'medium' });
    expect(initialOptionValues(TOOLS['pdf-to-jpg'].options)).toEqual({ quality: 'medium' });
    expect(initialOptionValues(TOOLS['jpg-to-pdf'].options)).toEqual({ pageSize: 'fit', margin: 'none' });
    expect(initialOptionValues(TOOLS.merge.options)).toEqual({});
    // The API's default; the site's form starts on the page's language and English instead.
    expect(initialOptionValues(TOOLS.ocr.options)).toEqual({ language: 'auto' });
  });

  it('preselects the first value of a required choice (rotate: 90 degrees) and leaves page lists out', () => {
    expect(initialOptionValues(TOOLS.rotate.options)).toEqual({ angle: '90' });
  });

  it('only ever produces values the server reads back as they are', () => {
    for (const id of TOOL_IDS) {
      const options: Readonly<Record<string, OptionSpec>> = TOOLS[id].options;
      for (const [name, value] of Object.entries(initialOptionValues(options))) {
        const spec = options[name] as OptionSpec;
        const read = optionKindOf(spec).read(name, value, spec);
        // A flag list is read into its flags, which its field writes back as they were sent; a number into its value.
        const written =
          spec.kind === 'flag-list'
            ? flagListField(read as readonly string[])
            : spec.kind === 'number'
              ? String(read)
              : read;
        expect(written, `${id}.${name}`).toBe(value);
      }
    }
  });
});
