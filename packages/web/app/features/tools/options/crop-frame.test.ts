import { describe, expect, it } from 'vitest';
import { cropFrameOf, keptBoxOf, marginsOfKeptBox } from './crop-frame.ts';

const letter = { widthPt: 612, heightPt: 792, margins: { top: 0.25, right: 0.1, bottom: 0.5, left: 0.2 } };

describe('cropFrameOf', () => {
  it('turns margins in points into fractions of the page as shown', () => {
    expect(cropFrameOf('79.2, 61.2, 0, 30.6', letter)).toEqual({
      top: 0.1,
      right: 0.1,
      bottom: 0,
      left: 0.05,
    });
  });

  it('with auto, frames the ink found with six points of white around it, never past the page', () => {
    const frame = cropFrameOf('auto', letter);
    expect(frame?.top).toBeCloseTo(0.25 - 6 / 792);
    expect(frame?.left).toBeCloseTo(0.2 - 6 / 612);
    expect(
      cropFrameOf(undefined, { ...letter, margins: { top: 0, right: 0.001, bottom: 0, left: 0 } }),
    ).toEqual({
      top: 0,
      right: 0,
      bottom: 0,
      left: 0,
    });
  });

  it('draws nothing on a blank page, for a field that does not read, or for margins that leave nothing', () => {
    expect(cropFrameOf('auto', { ...letter, margins: null })).toBeNull();
    expect(cropFrameOf('36, 36', letter)).toBeNull();
    expect(cropFrameOf('400, 0, 400, 0', letter)).toBeNull();
  });
});

describe('the frame dragged on a page', () => {
  const page = { widthPt: 612, heightPt: 792 };

  it('is the part the margins keep, and gives the same margins back', () => {
    const margins = { top: 72, right: 36, bottom: 18.5, left: 61.2 };
    const box = keptBoxOf(margins, page);
    expect(box?.x).toBeCloseTo(0.1);
    expect(box?.y).toBeCloseTo(72 / 792);
    expect(box?.width).toBeCloseTo(1 - 97.2 / 612);
    expect(marginsOfKeptBox(box!, page)).toEqual(margins);
  });

  it('keeps nothing of margins that meet, and no side below 0 points', () => {
    expect(keptBoxOf({ top: 400, right: 0, bottom: 392, left: 0 }, page)).toBeNull();
    expect(marginsOfKeptBox({ x: -0.01, y: 0, width: 1.02, height: 1 }, page)).toEqual({
      top: 0,
      right: 0,
      bottom: 0,
      left: 0,
    });
  });
});
