import { describe, expect, it } from 'vitest';
import { PAGE_NAMESPACES } from '../app/i18n/messages.ts';
import {
  findLocaleChunk,
  isFrameworkModule,
  isSharedAppModule,
  localeChunkName,
  PAGE_NAMESPACE_PAGES,
} from './chunk-groups.ts';

describe('chunk groups', () => {
  it('groups the message files of one language', () => {
    expect(localeChunkName('/repo/content/locales/zh-cn/tools.json')).toBe('messages-zh-cn');
    expect(localeChunkName('C:\\repo\\content\\locales\\es\\common.json')).toBe('messages-es');
    expect(localeChunkName('/repo/packages/web/app/i18n/messages.ts')).toBeNull();
  });

  it("puts a page namespace of each language apart, as the app's messages expect", () => {
    expect(localeChunkName('/repo/content/locales/ar/apiDocs.json')).toBe('messages-ar-apiDocs');
    expect(localeChunkName('/repo/content/locales/en/apiDocs.json')).toBe('messages-en-apiDocs');
    expect(localeChunkName('/repo/content/locales/ar/status.json')).toBe('messages-ar');
    expect(PAGE_NAMESPACE_PAGES).toEqual(PAGE_NAMESPACES);
    const files = ['messages-ar-CKcwzVkK.js', 'messages-ar-apiDocs-Dq3_x-1a.js'];
    expect(findLocaleChunk('ar', files)).toBe('messages-ar-CKcwzVkK.js');
    expect(findLocaleChunk('ar', files, 'apiDocs')).toBe('messages-ar-apiDocs-Dq3_x-1a.js');
    expect(findLocaleChunk('en', files, 'apiDocs')).toBeUndefined();
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

  it('keeps pdf.js, fflate, route modules and the client entry out of the eager groups', () => {
    expect(isFrameworkModule('/repo/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(true);
    expect(isFrameworkModule('/repo/node_modules/pdfjs-dist/build/pdf.mjs')).toBe(false);
    expect(isFrameworkModule('/repo/node_modules/fflate/esm/browser.js')).toBe(false);
    expect(isFrameworkModule('\0/repo/node_modules/vite/preload-helper.js')).toBe(false);
    expect(isSharedAppModule('/repo/packages/web/app/features/layout/site-header.tsx')).toBe(true);
    expect(isSharedAppModule('/repo/packages/shared/src/tools/registry.ts')).toBe(true);
    expect(isSharedAppModule('/repo/packages/web/app/routes/tool.tsx')).toBe(false);
    expect(isSharedAppModule('/repo/packages/web/app/root.tsx')).toBe(false);
    expect(
      isSharedAppModule('/repo/packages/web/app/routes/tool.tsx?__react-router-build-client-route'),
    ).toBe(false);
  });
});
