import {
  TOOLS,
  TOOL_IDS,
  initialOptionValues,
  type FileKind,
  type ToolDefinition,
  type ToolId,
} from '@quire/shared';
import { Document, Packer, Paragraph } from 'docx';
import sharp from 'sharp';
import { createTinyOdp } from './tiny-odp.ts';
import { createTinyPdf } from './tiny-pdf.ts';

export type ProbeFile = {
  readonly name: string;
  readonly mimeType: string;
  readonly bytes: Buffer;
  /** The field it is sent in, when not the tool's own file fields (Sign PDF's picture, `image-0`). */
  readonly field?: string;
};

/** What one status probe sends to a tool: its files and option fields, as a visitor's request would. */
export type ProbeInput = {
  readonly files: readonly ProbeFile[];
  readonly fields: Readonly<Record<string, string>>;
};

const PROBE_TEXT = 'Quire status probe';

/**
 * The tiny built-in documents the status page's probes run every tool on, made in memory: one-page PDFs (as many
 * pages as a tool's `probePages`), a one-paragraph .docx, a one-line CSV, a one-slide .odp, a one-line HTML page and a small
 * JPEG. Each tool gets as many files of the first
 * kind it accepts as it needs (`minFiles`, at least one), a picture if it places pictures, every option at the value its form starts with, and its
 * `probeFields` (the cheapest setting); so a new tool has its probe from its registry entry alone.
 */
export async function createProbeInputs(): Promise<Readonly<Record<ToolId, ProbeInput>>> {
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph(PROBE_TEXT)] }] }));
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 79, g: 70, b: 229 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  const samples: {
    readonly [K in FileKind]: (stem: string, pageCount: number, table: boolean) => ProbeFile;
  } = {
    pdf: (stem, pageCount, table) => ({
      name: `${stem}.pdf`,
      mimeType: 'application/pdf',
      bytes: createTinyPdf(`${PROBE_TEXT}: ${stem}.pdf`, pageCount, { table }),
    }),
    word: (stem) => ({
      name: `${stem}.docx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: docx,
    }),
    // A two-column CSV: the cheapest workbook Calc reads, with no library to write it.
    spreadsheet: (stem) => ({
      name: `${stem}.csv`,
      mimeType: 'text/csv',
      bytes: Buffer.from(`${PROBE_TEXT},1\n`),
    }),
    // An OpenDocument presentation: unlike a .pptx, one slide needs no master, layout or theme parts.
    presentation: (stem) => ({
      name: `${stem}.odp`,
      mimeType: 'application/vnd.oasis.opendocument.presentation',
      bytes: createTinyOdp([PROBE_TEXT]),
    }),
    // One HTML file of one line: no zip, no file beside it.
    html: (stem) => ({
      name: `${stem}.html`,
      mimeType: 'text/html',
      bytes: Buffer.from(`<!doctype html><title>${PROBE_TEXT}</title><p>${PROBE_TEXT}</p>\n`),
    }),
    image: (stem) => ({ name: `${stem}.jpg`, mimeType: 'image/jpeg', bytes: jpeg }),
    stampImage: (stem) => ({ name: `${stem}.jpg`, mimeType: 'image/jpeg', bytes: jpeg }),
  };
  const inputOf = (toolId: ToolId): ProbeInput => {
    const tool: ToolDefinition = TOOLS[toolId];
    const count = Math.max(tool.minFiles, 1);
    const sample = samples[tool.accepts[0] ?? 'pdf'];
    const files = Array.from({ length: count }, (_, index) =>
      sample(
        count === 1 ? 'probe' : `probe-${String.fromCharCode(97 + index)}`,
        tool.probePages ?? 1,
        tool.probeTable ?? false,
      ),
    );
    // A tool that places pictures (Sign PDF) gets the small JPEG as its first.
    const pictures = tool.pictureFiles
      ? [{ ...samples.image('probe-signature', 1, false), field: `${tool.pictureFiles.prefix}-0` }]
      : [];
    return {
      files: [...files, ...pictures],
      fields: { ...initialOptionValues(tool.options), ...tool.probeFields },
    };
  };
  return Object.fromEntries(TOOL_IDS.map((id) => [id, inputOf(id)])) as Record<ToolId, ProbeInput>;
}
