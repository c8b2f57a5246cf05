import { MAX_IMAGE_FILE_BYTES, MAX_MERGE_FILES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { toolChoiceFor, toolsFor } from './tool-choice.ts';

const file = (name: string, size = 1000) => ({ name, size });
const pdfs = (count: number) => Array.from({ length: count }, (_, index) => file(`part-${index + 1}.pdf`));

describe('toolsFor', () => {
  it('never offers merge for one PDF, and offers only the tools that take several for two', () => {
    const one = toolsFor(pdfs(1));
    expect(one).not.toContain('merge');
    expect(one).toEqual([
      'split',
      'crop',
      'compress',
      'flatten',
      'metadata',
      'redact',
      'sign',
      'pdf-to-word',
      'pdf-to-excel',
      'pdf-to-powerpoint',
      'pdf-to-jpg',
      'pdf-to-png',
      'pdf-to-text',
      'pdf-to-pdfa',
      'rotate',
      'page-numbers',
      'watermark',
      'ocr',
      'remove-pages',
      'extract-pages',
      'organize',
      'protect',
      'unlock',
      'repair',
    ]);
    expect(toolsFor(pdfs(2))).toEqual(['merge', 'organize', 'compare']);
    expect(toolsFor(pdfs(MAX_MERGE_FILES + 1))).toEqual([]);
  });

  it('offers the tools of the files’ kind, by extension in any case', () => {
    expect(toolsFor([file('photo.JPG'), file('chart.png')])).toEqual(['jpg-to-pdf']);
    expect(
      toolsFor([file('IMG_0001.HEIC'), file('scan.tiff'), file('a.webp'), file('b.gif'), file('c.bmp')]),
    ).toEqual(['jpg-to-pdf']);
    expect(toolsFor([file('letter.docx')])).toEqual(['word-to-pdf']);
    expect(toolsFor([])).toEqual([]);
  });
});

describe('toolChoiceFor', () => {
  it('offers the tools that take every file when some do', () => {
    expect(toolChoiceFor(pdfs(1))).toMatchObject({ type: 'all' });
    expect(toolChoiceFor(pdfs(3))).toEqual({ type: 'all', tools: ['merge', 'organize'] });
  });

  it('splits a PDF and a JPG into their kinds, each with the tools that take it', () => {
    const pdf = file('report.pdf');
    const jpg = file('photo.jpg');
    const choice = toolChoiceFor([jpg, pdf]);
    expect(choice).toEqual({
      type: 'by-kind',
      groups: [
        {
          kind: 'pdf',
          files: [pdf],
          tools: [
            'split',
            'crop',
            'compress',
            'flatten',
            'metadata',
            'redact',
            'sign',
            'pdf-to-word',
            'pdf-to-excel',
            'pdf-to-powerpoint',
            'pdf-to-jpg',
            'pdf-to-png',
            'pdf-to-text',
            'pdf-to-pdfa',
            'rotate',
            'page-numbers',
            'watermark',
            'ocr',
            'remove-pages',
            'extract-pages',
            'organize',
            'protect',
            'unlock',
            'repair',
          ],
          problem: null,
        },
        { kind: 'image', files: [jpg], tools: ['jpg-to-pdf'], problem: null },
      ],
    });
  });

  it('says why no tool takes files of one kind: too many of them, or one too large', () => {
    expect(toolChoiceFor([file('a.docx'), file('b.docx')])).toMatchObject({
      type: 'one-kind',
      group: { kind: 'word', tools: [], problem: { reason: 'too-many', maxFiles: 1 } },
    });
    expect(toolChoiceFor(pdfs(MAX_MERGE_FILES + 1))).toMatchObject({
      type: 'one-kind',
      group: { problem: { reason: 'too-many', maxFiles: MAX_MERGE_FILES } },
    });
    expect(toolChoiceFor([file('small.jpg'), file('huge.png', MAX_IMAGE_FILE_BYTES + 1)])).toMatchObject({
      type: 'one-kind',
      group: { problem: { reason: 'too-large', fileName: 'huge.png', maxFileBytes: MAX_IMAGE_FILE_BYTES } },
    });
  });

  it('keeps a kind that no tool takes among the others, with its reason', () => {
    const choice = toolChoiceFor([file('a.docx'), file('b.docx'), file('c.pdf')]);
    expect(choice.type).toBe('by-kind');
    if (choice.type !== 'by-kind') return;
    expect(choice.groups.map((group) => [group.kind, group.problem?.reason ?? null])).toEqual([
      ['pdf', null],
      ['word', 'too-many'],
    ]);
  });
});
