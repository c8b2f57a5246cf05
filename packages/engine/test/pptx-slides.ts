import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { decodeXml } from './word-docx.ts';

/** A slide as the tests read it: its XML, the text of its text boxes, and the pictures it shows. */
export type Slide = { xml: string; text: string; pictures: number; textBoxes: number };

/** A .pptx as the tests read it: its slide size (EMU), its slides in order, and every part. */
export type Pptx = { size: { cx: number; cy: number }; slides: Slide[]; entries: Record<string, Uint8Array> };

export async function readPptx(path: string): Promise<Pptx> {
  const entries = unzipSync(await readFile(path));
  const part = (name: string) => {
    const bytes = entries[name];
    if (!bytes) throw new Error(`${path}: no ${name}`);
    return strFromU8(bytes);
  };
  const presentation = part('ppt/presentation.xml');
  const rels = part('ppt/_rels/presentation.xml.rels');
  const size = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(presentation);
  const slides = [...presentation.matchAll(/<p:sldId [^>]*r:id="([^"]+)"/g)].map((match) => {
    const target = new RegExp(`Id="${match[1]}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? '';
    const xml = part(`ppt/${target}`);
    return {
      xml,
      text: slideText(xml),
      pictures: xml.match(/<p:pic>/g)?.length ?? 0,
      textBoxes: xml.match(/txBox="1"/g)?.length ?? 0,
    };
  });
  return { size: { cx: Number(size?.[1]), cy: Number(size?.[2]) }, slides, entries };
}

/** A slide's text: each text box on a line of its own. */
export function slideText(xml: string): string {
  return [...xml.matchAll(/<p:txBody>([\s\S]*?)<\/p:txBody>/g)]
    .map((body) =>
      [...(body[1] ?? '').matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((t) => decodeXml(t[1] ?? '')).join(''),
    )
    .join('\n');
}

/** A word as poppler places it: its text and box, in points from the page's top left. */
export type PlacedWord = { text: string; x: number; y: number };

/** The words of each page of a PDF with where they stand (`pdftotext -bbox`). */
export function placedWords(path: string): PlacedWord[][] {
  const html = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  return html
    .split('<page ')
    .slice(1)
    .map((page) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/g,
        ),
      ].map((match) => ({ text: decodeXml(match[3] ?? ''), x: Number(match[1]), y: Number(match[2]) })),
    );
}

/**
 * How far each word of `source` seen once on its page stands from the same word, seen once too, on `rendered`
 * (points, the larger of the two axes); words of fewer than four letters are left out (too many alike).
 */
export function wordOffsets(source: readonly PlacedWord[], rendered: readonly PlacedWord[]): number[] {
  const once = (words: readonly PlacedWord[]) => {
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word.text, (counts.get(word.text) ?? 0) + 1);
    return new Map(
      words.filter((word) => counts.get(word.text) === 1 && word.text.length >= 4).map((w) => [w.text, w]),
    );
  };
  const there = once(rendered);
  return [...once(source).values()].flatMap((word) => {
    const match = there.get(word.text);
    return match ? [Math.max(Math.abs(match.x - word.x), Math.abs(match.y - word.y))] : [];
  });
}
