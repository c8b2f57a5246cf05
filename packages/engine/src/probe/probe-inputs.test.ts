import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_PAGES } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import { inputFile, useJobContext } from '../../test/job-context.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { createProbeInputs } from './probe-inputs.ts';
import { createTinyPdf } from './tiny-pdf.ts';

const ctx = useJobContext();

describe('the status probes’ documents', () => {
  it('include a one-page PDF that qpdf reads without repairing it', async () => {
    const path = join(ctx.workDir, 'tiny.pdf');
    await writeFile(path, createTinyPdf('Quire (probe) \\ test'));
    const info = await inspectPdf(inputFile(path), 0, ctx, MAX_PAGES);
    expect(info).toMatchObject({ pageCount: 1, wasRepaired: false });
  });

  it('include a PDF of more pages where a probe asks, each page with its own line', async () => {
    const path = join(ctx.workDir, 'three.pdf');
    await writeFile(path, createTinyPdf('Quire probe', 3));
    const info = await inspectPdf(inputFile(path), 0, ctx, MAX_PAGES);
    expect(info).toMatchObject({ pageCount: 3, wasRepaired: false });
    const text = execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
    expect(text.split('\f').map((page) => page.trim())).toEqual([
      'Quire probe',
      'Quire probe (2)',
      'Quire probe (3)',
      '',
    ]);
  });

  it('give every tool files of the kind it accepts', async () => {
    const inputs = await createProbeInputs();
    expect(inputs.merge.files).toHaveLength(2);
    expect(inputs['word-to-pdf'].files[0]?.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(inputs['jpg-to-pdf'].files[0]?.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(inputs.rotate.files[0]?.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
