import { describe, expect, it } from 'vitest';
import { kindOfFileName } from './file-kinds.ts';

describe('kindOfFileName', () => {
  it('tells a PDF, a Word document and an image apart by the extension, in any case', () => {
    expect(kindOfFileName('report.pdf')).toBe('pdf');
    expect(kindOfFileName('Letter.DOCX')).toBe('word');
    expect(kindOfFileName('old.doc')).toBe('word');
    expect(kindOfFileName('photo.JPG')).toBe('image');
    expect(kindOfFileName('scan.jpeg')).toBe('image');
    expect(kindOfFileName('chart.png')).toBe('image');
  });

  it('gives null for a name of no kind', () => {
    expect(kindOfFileName('notes.txt')).toBeNull();
    expect(kindOfFileName('pdf')).toBeNull();
  });
});
