import { formatBytes, LOCALE_INFO, LOCALES, TOOLS, type Locale } from '@quire/shared';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../i18n/create-translator.ts';
import { uploadRulesOf } from '../tools/upload-rules.ts';
import { rejectionMessage } from './rejection-message.ts';
import { SelectedFileList } from './selected-file-list.tsx';
import { uploadWordingOf } from './upload-texts.ts';
import type { RejectionReason, UploadRules } from './validate-files.ts';

const FSI = '\u2068';
const PDI = '\u2069';
const named = (name: string) => `${FSI}${name}${PDI}`;

/** The message a tool's widget shows for a pick that left `fileName` (and `others` more) out. */
function messageFor(
  locale: Locale,
  rules: UploadRules,
  reason: RejectionReason,
  fileName: string | null,
  others = 0,
): string {
  const { t } = getTranslator(locale);
  return rejectionMessage(t, { reason, fileName, others }, rules, uploadWordingOf(rules, locale));
}

/** The picture formats JPG to PDF takes, as its upload texts name them. */
const IMAGE_NAMES = ['JPG', 'PNG', 'WebP', 'TIFF', 'GIF', 'BMP', 'HEIC', 'AVIF'];

describe('upload widget texts', () => {
  const { t } = getTranslator('en');
  const merge = uploadRulesOf(TOOLS.merge);

  it('name the file in each inline message of spec section 5, with the registry limits', () => {
    expect(messageFor('en', merge, 'too-large', 'big scan.pdf')).toBe(
      `File is too large: “${named('big scan.pdf')}”. Maximum size is 100MB.`,
    );
    expect(messageFor('en', merge, 'invalid-type', 'notes.txt')).toBe(
      `Invalid file type: “${named('notes.txt')}”. Please select ${named('PDF')} files.`,
    );
    expect(messageFor('en', merge, 'too-many', 'part-11.pdf')).toBe(
      `Maximum 10 files allowed. “${named('part-11.pdf')}” was not added.`,
    );
    expect(messageFor('en', merge, 'failed', 'odd.pdf')).toBe(
      `File upload failed: “${named('odd.pdf')}”. Please try again.`,
    );
    expect(messageFor('en', merge, 'failed', null)).toBe('File upload failed. Please try again.');
  });

  it('ask for what the tool takes, one file or several', () => {
    expect(messageFor('en', uploadRulesOf(TOOLS['word-to-pdf']), 'invalid-type', 'a.pdf')).toBe(
      `Invalid file type: “${named('a.pdf')}”. Please select one ${named('Word')}, ${named('ODT')}, ${named('RTF')}, or ${named('TXT')} file.`,
    );
    expect(messageFor('en', uploadRulesOf(TOOLS['jpg-to-pdf']), 'invalid-type', 'a.svg')).toBe(
      `Invalid file type: “${named('a.svg')}”. Please select ${IMAGE_NAMES.map(named).slice(0, -1).join(', ')}, or ${named('AVIF')} files.`,
    );
    expect(messageFor('en', uploadRulesOf(TOOLS.compress), 'too-many', 'b.pdf')).toBe(
      `Maximum 1 file allowed. “${named('b.pdf')}” was not added.`,
    );
  });

  it('count the other files left out by the same pick', () => {
    expect(messageFor('en', merge, 'invalid-type', 'notes.txt', 1)).toBe(
      `Invalid file type: “${named('notes.txt')}”. Please select ${named('PDF')} files. 1 other file was not added either.`,
    );
    expect(messageFor('en', merge, 'too-large', 'big.pdf', 3)).toMatch(
      /\. 3 other files were not added either\.$/,
    );
  });

  it('name the file in other languages too, isolated from the sentence around it', () => {
    const images = uploadRulesOf(TOOLS['jpg-to-pdf']);
    expect(messageFor('ar', images, 'invalid-type', 'تقرير.pdf', 2)).toBe(
      `نوع الملف «${named('تقرير.pdf')}» غير مدعوم. يُرجى اختيار ملفات بصيغة ${IMAGE_NAMES.map(named).join(' أو ')}. ` +
        'لم تتم إضافة ملفين آخرين أيضًا.',
    );
    expect(messageFor('ja', merge, 'too-large', 'report.pdf', 2)).toBe(
      `「${named('report.pdf')}」は大きすぎます。最大サイズは100MBです。ほかの2個のファイルも追加されませんでした。`,
    );
  });

  it('list selected files with a readable size and a named remove button', () => {
    const file = new File([new Uint8Array(1536)], 'report.pdf', { type: 'application/pdf' });
    const html = renderToString(
      <SelectedFileList
        files={[file]}
        heading="Selected Files"
        countLabel="1 file"
        numberLocale="en"
        disabled={false}
        removeLabel={(name) => t('common.upload.remove', { fileName: name })}
        onRemove={() => undefined}
      />,
    );
    expect(html).toContain('report.pdf');
    expect(html).toContain('1.5 KB');
    expect(html).toMatch(/<span dir="auto"[^>]*data-testid="selected-file-name">report.pdf<\/span>/);
    expect(html).toContain('aria-label="Remove \u2068report.pdf\u2069"');
  });

  it('show each file with the icon of its kind: a PDF, an image, a Word document', () => {
    const files = ['report.pdf', 'photo.JPG', 'chart.png', 'letter.docx'].map(
      (name) => new File([new Uint8Array(10)], name),
    );
    const html = renderToString(
      <SelectedFileList
        files={files}
        heading="Selected Files"
        countLabel="4 files"
        numberLocale="en"
        disabled={false}
        removeLabel={(name) => name}
        onRemove={() => undefined}
      />,
    );
    expect([...html.matchAll(/data-file-kind="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'pdf',
      'image',
      'image',
      'word',
    ]);
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    'write a size in %s with the units its messages use for a limit',
    (locale) => {
      const { t } = getTranslator(locale);
      const spaceless = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '');
      const message = t('common.upload.tooLarge', { fileName: 'a.pdf', maxMegabytes: 100 });
      expect(spaceless(message)).toContain(
        spaceless(formatBytes(100 * 1024 * 1024, LOCALE_INFO[locale].tag)),
      );
    },
  );
});
