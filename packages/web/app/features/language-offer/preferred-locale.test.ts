import { describe, expect, it } from 'vitest';
import { localeOfTag, offeredLocaleOf } from './preferred-locale.ts';

describe('the language offered on English pages', () => {
  it('maps browser tags to our languages', () => {
    expect(['es-ES', 'pt-BR', 'de', 'AR-eg', 'ja_JP'].map(localeOfTag)).toEqual([
      'es',
      'pt',
      'de',
      'ar',
      'ja',
    ]);
    expect(['zh-CN', 'zh', 'zh-Hans-SG', 'zh-TW', 'zh-HK', 'zh-Hant'].map(localeOfTag)).toEqual([
      'zh-cn',
      'zh-cn',
      'zh-cn',
      'zh-tw',
      'zh-tw',
      'zh-tw',
    ]);
    expect(['nl-NL', 'tr', '', 'zh-cn-x'].map(localeOfTag)).toEqual([null, null, null, 'zh-cn']);
  });

  it('offers the first language of ours the browser lists, unless it is English', () => {
    expect(offeredLocaleOf(['es-ES', 'es', 'en'])).toBe('es');
    expect(offeredLocaleOf(['nl-NL', 'fr-BE', 'en'])).toBe('fr');
    expect(offeredLocaleOf(['en-US', 'es'])).toBeNull();
    expect(offeredLocaleOf(['nl', 'sv'])).toBeNull();
    expect(offeredLocaleOf([])).toBeNull();
  });
});
