import { execFileSync } from 'node:child_process';
import { corpusPath } from '@quire/corpus';
import { resultFileName } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { runAndDownload, useToolPage } from './tool-page.ts';

/** A LibreOffice form filled with "Alice" and "Bob", its appearances left for readers to draw. */
const FORM = 'pdf/pysamples_libreoffice-form.pdf';
/** A page with a highlight and a strike-out. */
const MARKED_UP = 'pdf/pdf2docx_sections-columns.pdf';

const view = useToolPage('flatten');

const expected = {
  description: 'PDF flattened successfully!',
  fileName: (chosen: readonly string[]) => resultFileName('flatten', chosen, 'application/pdf'),
};

/** The file's objects as qpdf lists them, as text: its form, widgets and annotations can be looked for. */
const objectsOf = (path: string) =>
  execFileSync('qpdf', ['--json=1', '--json-key=objects', path], { encoding: 'utf8', maxBuffer: 64 << 20 });

describe('the flatten PDF page in a real browser', () => {
  it('offers forms and annotations by default, each choice explained', async () => {
    const group = view.page.getByTestId('flatten-what');
    expect(await group.getByRole('radio').count()).toBe(3);
    expect(await view.page.getByRole('radio', { name: /^Forms and annotations/ }).isChecked()).toBe(true);
    expect(await group.textContent()).toContain('the form stays fillable');
  });

  it('draws a filled form into its page: the values stay, the fields are gone', async () => {
    expect(objectsOf(corpusPath(FORM))).toContain('"/Widget"');
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(FORM)]);
    await view.page.getByRole('radio', { name: /^Form fields only/ }).check();
    const saved = await runAndDownload(view, expected, `form-${Date.now()}.pdf`);
    const objects = objectsOf(saved);
    expect(objects).not.toContain('"/Widget"');
    expect(objects).not.toContain('"/AcroForm"');
    const text = execFileSync('pdftotext', [saved, '-'], { encoding: 'utf8' });
    expect(text).toContain('Alice');
    expect(text).toContain('Bob');
  });

  it('draws highlights and strike-outs into the page with annotations only', async () => {
    await view.page.locator('input[type=file]').setInputFiles([corpusPath(MARKED_UP)]);
    await view.page.getByRole('radio', { name: /^Annotations only/ }).check();
    const saved = await runAndDownload(view, expected, `marked-${Date.now()}.pdf`);
    expect(objectsOf(corpusPath(MARKED_UP))).toContain('"/Highlight"');
    expect(objectsOf(saved)).not.toContain('"/Highlight"');
    expect(objectsOf(saved)).not.toContain('"/StrikeOut"');
  });
});
