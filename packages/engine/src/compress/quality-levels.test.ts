import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { IMAGE_POLICIES } from './quality-levels.ts';

const CONTENT = join(import.meta.dirname, '../../../../content');
const LEVELS = ['high', 'medium', 'low'] as const;

describe('what the site says of the compression levels', () => {
  it.each(LOCALES)('%s: the tool page and the compression article give the levels’ own figures', (locale) => {
    const tools = JSON.parse(readFileSync(join(CONTENT, 'locales', locale, 'tools.json'), 'utf8')) as {
      compress: { options: { qualityHint: Record<string, string> } };
    };
    for (const level of LEVELS) {
      expect(tools.compress.options.qualityHint[level], level).toContain(
        String(IMAGE_POLICIES[level].targetDpi),
      );
    }
    // The article's table: one row per level, in order, with its resolution and its JPEG quality.
    const article = readFileSync(
      join(CONTENT, 'blog/pdf-compression-techniques-explained', `${locale}.md`),
      'utf8',
    );
    const rows = article
      .split('\n')
      .filter((line) => /^\|.*\b\d+\s?pp[ip]\b/.test(line))
      .map((line) => (line.match(/\|\s*(\d+)\s?pp[ip]\s*\|\s*(\d+)\s*\|/) ?? []).slice(1).map(Number));
    expect(rows).toEqual(
      LEVELS.map((level) => [IMAGE_POLICIES[level].targetDpi, IMAGE_POLICIES[level].jpegQuality]),
    );
  });
});
