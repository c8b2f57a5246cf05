import { AppError, TOOLS, TOOL_IDS, type ToolDefinition } from '@quire/shared';
import { describe, expect, it } from 'vitest';
import type { InputFile } from './types.ts';
import { opInput } from './op-input.ts';

const files = (count: number): InputFile[] =>
  Array.from({ length: count }, (_, index) => ({ path: `/jobs/x/upload-${index}`, name: `f${index}.pdf` }));

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
}

describe('opInput', () => {
  it('hands a tool that takes one file that file, and a tool that takes several all of them in order', () => {
    const [one] = files(1);
    expect(
      opInput('rotate', { files: [one as InputFile], options: { angle: '90', pages: undefined } }),
    ).toEqual({
      file: one,
      options: { angle: '90', pages: undefined },
    });
    const three = files(3);
    expect(opInput('merge', { files: three, options: {} })).toEqual({ files: three, options: {} });
  });

  it('hands a tool its extra file, which travels after its own, under its field name', () => {
    const [pdf, picture] = files(2);
    const options = { text: undefined } as never;
    expect(opInput('watermark', { files: [pdf!, picture!], options })).toEqual({
      file: pdf,
      image: picture,
      options,
    });
    expect(opInput('watermark', { files: [pdf!], options })).toEqual({ file: pdf, options });
  });

  it("hands Sign PDF's pictures over in order as `pictures`, and its certificate, kept in memory, by its field", () => {
    const [pdf, first, second] = files(3);
    const options = {} as never;
    const certificate = { bytes: new Uint8Array([0x30, 0x82]), name: 'me.p12' };
    expect(opInput('sign', { files: [pdf!, first!, second!], options, secretFile: certificate })).toEqual({
      file: pdf,
      pictures: [first, second],
      certificate,
      options,
    });
    expect(opInput('sign', { files: [pdf!], options })).toEqual({ file: pdf, pictures: [], options });
  });

  it.each(TOOL_IDS)('refuses a %s job with fewer or more files than the registry allows', (toolId) => {
    const { minFiles, maxFiles, extraFile, pictureFiles } = TOOLS[toolId] as ToolDefinition;
    const run = (count: number) => () => opInput(toolId, { files: files(count), options: {} as never });
    expect(codeOf(run(minFiles - 1))).toBe('TOO_FEW_FILES');
    // An extra file (Watermark's picture), or numbered pictures (Sign PDF's), may follow the tool's own, and nothing more.
    const most = maxFiles + (extraFile ? 1 : 0) + (pictureFiles?.maxFiles ?? 0);
    expect(codeOf(run(most + 1))).toBe('TOO_MANY_FILES');
    expect(codeOf(run(most))).toBeNull();
    expect(codeOf(run(minFiles))).toBeNull();
    expect(codeOf(run(maxFiles))).toBeNull();
  });
});
