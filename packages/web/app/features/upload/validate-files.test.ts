import { TOOLS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { applySelection, type UploadRules } from './validate-files.ts';

const merge: UploadRules = { accepts: TOOLS.merge.accepts, maxFileBytes: 1000, maxFiles: 3, multiple: true };
const single: UploadRules = { ...merge, maxFiles: 1, multiple: false };
const pdf = (name: string, size = 10) => ({ name, size });

describe('applySelection', () => {
  it('takes accepted files and reports nothing', () => {
    expect(applySelection([], [pdf('a.pdf'), pdf('B.PDF')], merge)).toEqual({
      files: [pdf('a.pdf'), pdf('B.PDF')],
      rejection: null,
    });
  });

  it('rejects a file over the size limit', () => {
    const result = applySelection([], [pdf('big.pdf', 1001), pdf('ok.pdf', 1000)], merge);
    expect(result).toEqual({ files: [pdf('ok.pdf', 1000)], rejection: 'too-large' });
  });

  it('rejects a wrong type by extension', () => {
    const result = applySelection([], [pdf('photo.jpg'), pdf('doc.pdf')], merge);
    expect(result).toEqual({ files: [pdf('doc.pdf')], rejection: 'invalid-type' });
    expect(
      applySelection([], [pdf('letter.docx')], { ...single, accepts: TOOLS['word-to-pdf'].accepts })
        .rejection,
    ).toBe(null);
  });

  it('appends in multiple mode and cuts the total to the maximum count', () => {
    const result = applySelection([pdf('1.pdf'), pdf('2.pdf')], [pdf('3.pdf'), pdf('4.pdf')], merge);
    expect(result.files.map((file) => file.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    expect(result.rejection).toBe('too-many');
  });

  it('reports only the first rejection', () => {
    const result = applySelection(
      [],
      [pdf('x.txt'), pdf('big.pdf', 5000), ...['a', 'b', 'c', 'd'].map((n) => pdf(`${n}.pdf`))],
      merge,
    );
    expect(result.rejection).toBe('invalid-type');
    expect(result.files).toHaveLength(3);
    expect(applySelection([], [pdf('big.pdf', 5000), pdf('x.txt')], merge).rejection).toBe('too-large');
  });

  it('replaces the selection in single mode', () => {
    expect(applySelection([pdf('old.pdf')], [pdf('new.pdf')], single)).toEqual({
      files: [pdf('new.pdf')],
      rejection: null,
    });
    expect(applySelection([pdf('old.pdf')], [pdf('a.pdf'), pdf('b.pdf')], single)).toEqual({
      files: [pdf('a.pdf')],
      rejection: 'too-many',
    });
    expect(applySelection([pdf('old.pdf')], [pdf('bad.png')], single)).toEqual({
      files: [pdf('old.pdf')],
      rejection: 'invalid-type',
    });
  });

  it('treats an empty pick as a failed upload', () => {
    expect(applySelection([], [], merge).rejection).toBe('failed');
  });
});
