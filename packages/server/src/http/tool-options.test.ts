import { describe, expect, it } from 'vitest';
import { parseToolOptions } from './tool-options.ts';

const fields = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('parseToolOptions', () => {
  it('takes the registry default when an enumeration is absent', () => {
    expect(parseToolOptions('compress', fields({}))).toEqual({ quality: 'medium' });
    expect(parseToolOptions('split', fields({}))).toEqual({ mode: 'pages', pageRange: undefined });
  });

  it('accepts listed values and refuses others, naming the option', () => {
    expect(parseToolOptions('pdf-to-jpg', fields({ quality: ' high ' }))).toEqual({ quality: 'high' });
    expect(() => parseToolOptions('compress', fields({ quality: 'ultra' }))).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        details: { option: 'quality', allowed: 'high, medium, low' },
      }),
    );
  });

  it("reads a document's languages: auto by default, each once in the order given, at most three", () => {
    expect(parseToolOptions('ocr', fields({}))).toEqual({ language: 'auto' });
    expect(parseToolOptions('ocr', fields({ language: 'auto' }))).toEqual({ language: 'auto' });
    expect(parseToolOptions('ocr', fields({ language: 'FR, en+fr' }))).toEqual({ language: ['fr', 'en'] });
    expect(parseToolOptions('ocr', fields({ language: 'zh-cn' }))).toEqual({ language: ['zh-cn'] });
    expect(() => parseToolOptions('ocr', fields({ language: 'fr+klingon' }))).toThrow(
      expect.objectContaining({
        code: 'INVALID_OPTIONS',
        details: expect.objectContaining({ option: 'language' }),
      }),
    );
    expect(() => parseToolOptions('ocr', fields({ language: 'en+fr+de+es' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', details: { option: 'language', maxItems: 3 } }),
    );
  });

  it('requires an enumeration without a default', () => {
    expect(() => parseToolOptions('rotate', fields({}))).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
    expect(parseToolOptions('rotate', fields({ angle: '270', pages: '1-3, 7' }))).toEqual({
      angle: '270',
      pages: '1-3, 7',
    });
  });

  it('requires a page range only in range mode, and only page-list characters', () => {
    expect(() => parseToolOptions('split', fields({ mode: 'range' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', details: { option: 'pageRange' } }),
    );
    expect(parseToolOptions('split', fields({ mode: 'range', pageRange: ' 1-5, 10-15 ' }))).toEqual({
      mode: 'range',
      pageRange: '1-5, 10-15',
    });
    expect(() => parseToolOptions('split', fields({ mode: 'range', pageRange: '/etc/passwd' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
  });

  it('refuses fields the tool does not have', () => {
    expect(() => parseToolOptions('merge', fields({ output: '/tmp/x' }))).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', details: { option: 'output' } }),
    );
  });
});
