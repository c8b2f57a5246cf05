import { TOOLS } from '@quire/shared';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getTranslator } from '../../i18n/create-translator.ts';
import { uploadRulesOf } from '../tools/upload-rules.ts';
import { rejectionMessage } from './rejection-message.ts';
import { SelectedFileList } from './selected-file-list.tsx';

describe('upload widget texts', () => {
  const { t } = getTranslator('en');

  it('state the four inline messages of spec section 5 from the registry limits', () => {
    const merge = uploadRulesOf(TOOLS.merge);
    expect(rejectionMessage(t, 'too-large', merge)).toBe('File is too large. Maximum size is 100MB.');
    expect(rejectionMessage(t, 'invalid-type', merge)).toBe(
      'Invalid file type. Please select \u2068PDF\u2069 files.',
    );
    expect(rejectionMessage(t, 'failed', merge)).toBe('File upload failed. Please try again.');
    expect(rejectionMessage(t, 'too-many', merge)).toBe('Maximum 10 files allowed.');
    expect(rejectionMessage(t, 'invalid-type', uploadRulesOf(TOOLS['word-to-pdf']))).toBe(
      'Invalid file type. Please select \u2068Word\u2069 files.',
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
});
