import { describe, expect, it } from 'vitest';
import { kindOfFileName } from './file-kinds.ts';

describe('kindOfFileName', () => {
  it('tells a PDF, a Word document, a presentation and an image apart by the extension, in any case', () => {
    expect(kindOfFileName('report.pdf')).toBe('pdf');
    expect(kindOfFileName('Letter.DOCX')).toBe('word');
    expect(kindOfFileName('old.doc')).toBe('word');
    expect(kindOfFileName('notes.txt')).toBe('word');
    expect(kindOfFileName('Slides.PPTX')).toBe('presentation');
    expect(kindOfFileName('photo.JPG')).toBe('image');
    expect(kindOfFileName('scan.jpeg')).toBe('image');
    expect(kindOfFileName('chart.png')).toBe('image');
    for (const name of ['a.webp', 'b.TIF', 'c.tiff', 'd.gif', 'e.bmp', 'IMG_0001.HEIC', 'f.heif', 'g.avif']) {
      expect(kindOfFileName(name)).toBe('image');
    }
  });

  it('gives null for a name of no kind', () => {
    expect(kindOfFileName('notes.md')).toBeNull();
    expect(kindOfFileName('pdf')).toBeNull();
  });
});
