import { TOOLS } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { applySelection, type UploadRules } from './validate-files.ts';

const merge: UploadRules = { accepts: TOOLS.merge.accepts, maxFileBytes: 1000, maxFiles: 3, multiple: true };
const single: UploadRules = { ...merge, maxFiles: 1, multiple: false };
const pdf = (name: string, size = 10) => ({ name, size });

const leftOut = (reason: string, fileName: string | null, others = 0) => ({ reason, fileName, others });

describe('applySelection', () => {
  it('takes accepted files and reports nothing', () => {
    expect(applySelection([], [pdf('a.pdf'), pdf('B.PDF')], merge)).toEqual({
      files: [pdf('a.pdf'), pdf('B.PDF')],
      rejection: null,
    });
  });

  it('names a file over the size limit', () => {
    const result = applySelection([], [pdf('big.pdf', 1001), pdf('ok.pdf', 1000)], merge);
    expect(result).toEqual({ files: [pdf('ok.pdf', 1000)], rejection: leftOut('too-large', 'big.pdf') });
  });

  it('names a file of the wrong type, judged by its extension', () => {
    const result = applySelection([], [pdf('doc.pdf'), pdf('photo.jpg')], merge);
    expect(result).toEqual({ files: [pdf('doc.pdf')], rejection: leftOut('invalid-type', 'photo.jpg') });
    expect(
      applySelection([], [pdf('letter.docx')], { ...single, accepts: TOOLS['word-to-pdf'].accepts })
        .rejection,
    ).toBe(null);
  });

  it('appends in multiple mode, cuts the total to the maximum count and names the first file cut', () => {
    const result = applySelection(
      [pdf('1.pdf'), pdf('2.pdf')],
      [pdf('3.pdf'), pdf('4.pdf'), pdf('5.pdf')],
      merge,
    );
    expect(result.files.map((file) => file.name)).toEqual(['1.pdf', '2.pdf', '3.pdf']);
    expect(result.rejection).toEqual(leftOut('too-many', '4.pdf', 1));
  });

  it('names the first file left out and counts the others, whatever their reason', () => {
    const result = applySelection(
      [],
      [pdf('x.txt'), pdf('big.pdf', 5000), ...['a', 'b', 'c', 'd'].map((n) => pdf(`${n}.pdf`))],
      merge,
    );
    // x.txt and big.pdf for themselves, then d.pdf past the maximum of three.
    expect(result.rejection).toEqual(leftOut('invalid-type', 'x.txt', 2));
    expect(result.files.map((file) => file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(applySelection([], [pdf('big.pdf', 5000), pdf('x.txt')], merge).rejection).toEqual(
      leftOut('too-large', 'big.pdf', 1),
    );
  });

  it('replaces the selection in single mode', () => {
    expect(applySelection([pdf('old.pdf')], [pdf('new.pdf')], single)).toEqual({
      files: [pdf('new.pdf')],
      rejection: null,
    });
    expect(applySelection([pdf('old.pdf')], [pdf('a.pdf'), pdf('b.pdf')], single)).toEqual({
      files: [pdf('a.pdf')],
      rejection: leftOut('too-many', 'b.pdf'),
    });
    expect(applySelection([pdf('old.pdf')], [pdf('bad.png')], single)).toEqual({
      files: [pdf('old.pdf')],
      rejection: leftOut('invalid-type', 'bad.png'),
    });
  });

  it('treats an empty pick as a failed upload of no file in particular', () => {
    expect(applySelection([pdf('kept.pdf')], [], merge)).toEqual({
      files: [pdf('kept.pdf')],
      rejection: leftOut('failed', null),
    });
  });

  it('treats a file without a readable size as failed, by its name', () => {
    expect(applySelection([], [pdf('odd.pdf', Number.NaN)], merge).rejection).toEqual(
      leftOut('failed', 'odd.pdf'),
    );
  });
});
