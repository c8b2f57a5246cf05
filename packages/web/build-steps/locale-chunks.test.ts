import { describe, expect, it } from 'vitest';
import { findLocaleChunk, localeChunkName } from './locale-chunks.ts';

describe('locale chunks', () => {
  it('groups the message files of one language', () => {
    expect(localeChunkName('/repo/content/locales/zh-cn/tools.json')).toBe('messages-zh-cn');
    expect(localeChunkName('C:\\repo\\content\\locales\\es\\common.json')).toBe('messages-es');
    expect(localeChunkName('/repo/packages/web/app/i18n/messages.ts')).toBeNull();
  });

  it("finds a language's emitted chunk and no other", () => {
    const files = [
      'messages-AbCd_123.js',
      'messages-zh-cn-adCsck-Q.js',
      'messages-es-CHv_ZxGa.js',
      'app-1.css',
    ];
    expect(findLocaleChunk('es', files)).toBe('messages-es-CHv_ZxGa.js');
    expect(findLocaleChunk('zh-cn', files)).toBe('messages-zh-cn-adCsck-Q.js');
    expect(findLocaleChunk('zh-tw', files)).toBeUndefined();
  });
});
