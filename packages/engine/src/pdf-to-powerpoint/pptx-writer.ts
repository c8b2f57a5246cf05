import { createWriteStream, type WriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { drained } from '../zip/write-zip.ts';
import { contentTypesXml, fixedParts, presentationRels, presentationXml, relsXml } from './pptx-parts.ts';
import type { SlideXml } from './slide-xml.ts';

/** Deflate level of the XML parts: fast, and XML shrinks well at any level. */
const XML_LEVEL = 6;

/**
 * Writes a .pptx to `path` as its slides come, each slide's parts and pictures streamed to the file at once, so
 * that memory holds one slide at a time whatever the document's length; `finish` writes the parts that list the
 * slides. Pictures (PNG and JPEG, compressed already) are stored, the XML deflated.
 */
export class PptxWriter {
  private readonly output: WriteStream;
  private readonly zip: Zip;
  private readonly pending: Uint8Array[] = [];
  private failure: Error | null = null;
  private mediaCount = 0;

  constructor(path: string) {
    this.output = createWriteStream(path, { mode: 0o600 });
    // A failed write (no space left, the job's output budget) is kept and thrown at the next step, never left as
    // an unhandled 'error' event.
    this.output.on('error', (error) => {
      this.failure ??= error;
    });
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure ??= error;
      else this.pending.push(chunk);
    });
  }

  /** A new picture part's name, `ppt/media/imageN.png` or `.jpeg`. */
  mediaName(type: 'png' | 'jpg'): string {
    this.mediaCount += 1;
    return `ppt/media/image${this.mediaCount}.${type === 'png' ? 'png' : 'jpeg'}`;
  }

  /** Slide `position` (from 1, its place in the presentation) with its pictures. */
  async addSlide(position: number, slide: SlideXml): Promise<void> {
    await this.addXml(`ppt/slides/slide${position}.xml`, slide.xml);
    await this.addXml(`ppt/slides/_rels/slide${position}.xml.rels`, relsXml(slide.rels));
    for (const { name, data } of slide.media) {
      const entry = new ZipPassThrough(name);
      this.zip.add(entry);
      entry.push(data, true);
      await this.flush();
    }
  }

  /** Writes the parts that list `slideCount` slides of `size` (EMU), and closes the file. */
  async finish(slideCount: number, size: { cx: number; cy: number }): Promise<void> {
    const parts: Record<string, string> = {
      '[Content_Types].xml': contentTypesXml(slideCount),
      'ppt/presentation.xml': presentationXml(slideCount, size),
      'ppt/_rels/presentation.xml.rels': relsXml(presentationRels(slideCount)),
      ...fixedParts(),
    };
    for (const [name, xml] of Object.entries(parts)) await this.addXml(name, xml);
    this.zip.end();
    await this.flush();
    this.output.end();
    await finished(this.output);
    this.throwIfFailed();
  }

  /** Stops writing (the file is left to the job's folder, which is removed with it). */
  abort(): void {
    this.zip.terminate();
    this.output.destroy();
  }

  private async addXml(name: string, xml: string): Promise<void> {
    const entry = new ZipDeflate(name, { level: XML_LEVEL });
    this.zip.add(entry);
    entry.push(strToU8(xml), true);
    await this.flush();
  }

  private async flush(): Promise<void> {
    for (const chunk of this.pending.splice(0)) {
      this.throwIfFailed();
      if (!this.output.write(chunk)) await drained(this.output);
    }
    this.throwIfFailed();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
