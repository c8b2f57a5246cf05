import type { ToolId } from '@quire/shared';
import { Document, Packer, Paragraph } from 'docx';
import sharp from 'sharp';
import { createTinyPdf } from './tiny-pdf.ts';

export type ProbeFile = { readonly name: string; readonly mimeType: string; readonly bytes: Buffer };

/** What one status probe sends to a tool: its files and option fields, as a visitor's request would. */
export type ProbeInput = {
  readonly files: readonly ProbeFile[];
  readonly fields: Readonly<Record<string, string>>;
};

const PROBE_TEXT = 'Quire status probe';

/**
 * The tiny built-in documents the status page's probes run every tool on: two one-page PDFs, a one-paragraph
 * .docx and a small JPEG, all made in memory.
 */
export async function createProbeInputs(): Promise<Readonly<Record<ToolId, ProbeInput>>> {
  const pdf = (name: string): ProbeFile => ({
    name,
    mimeType: 'application/pdf',
    bytes: createTinyPdf(`${PROBE_TEXT}: ${name}`),
  });
  const docx: ProbeFile = {
    name: 'probe.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(PROBE_TEXT)] }] })),
  };
  const jpeg: ProbeFile = {
    name: 'probe.jpg',
    mimeType: 'image/jpeg',
    bytes: await sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 79, g: 70, b: 229 } },
    })
      .jpeg({ quality: 80 })
      .toBuffer(),
  };
  return {
    merge: { files: [pdf('probe-a.pdf'), pdf('probe-b.pdf')], fields: {} },
    split: { files: [pdf('probe.pdf')], fields: { mode: 'pages' } },
    compress: { files: [pdf('probe.pdf')], fields: { quality: 'medium' } },
    'pdf-to-word': { files: [pdf('probe.pdf')], fields: {} },
    'word-to-pdf': { files: [docx], fields: {} },
    'pdf-to-jpg': { files: [pdf('probe.pdf')], fields: { quality: 'low' } },
    'jpg-to-pdf': { files: [jpeg], fields: {} },
    rotate: { files: [pdf('probe.pdf')], fields: { angle: '90' } },
  };
}
