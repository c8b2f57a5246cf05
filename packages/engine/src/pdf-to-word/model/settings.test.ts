import { afterEach, describe, expect, it } from 'vitest';
import { buildParagraphs } from '../paragraphs/build-paragraphs.ts';
import { SETTINGS, tuneSettings } from './settings.ts';
import { COLUMN, line } from './test-layout.ts';

/** A full line, then one indented by 12 points (a new paragraph's first line, in a 10-point font). */
const LINES = [
  line('A paragraph that runs to the edge of its column here', 50, 100, { x1: 300 }),
  line('An indented first line of the next one', 62, 112, { x1: 300 }),
];

describe('PDF to Word settings', () => {
  afterEach(() => tuneSettings({}));

  it('are read when used: a tuned threshold changes what the stage decides', () => {
    expect(buildParagraphs(LINES, COLUMN)).toHaveLength(2);
    tuneSettings({ paragraphs: { indentEm: 2 } });
    expect(SETTINGS.paragraphs.indentEm).toBe(2);
    expect(buildParagraphs(LINES, COLUMN)).toHaveLength(1);
  });

  it('go back to their defaults for every setting not tuned', () => {
    const snap = SETTINGS.tables.snap;
    tuneSettings({ tables: { snap: snap + 1 } });
    tuneSettings({ paragraphs: { indentEm: 2 } });
    expect(SETTINGS.tables.snap).toBe(snap);
  });

  it('refuse a stage or a setting that does not exist, and a value that is no number', () => {
    expect(() => tuneSettings({ tabels: {} } as never)).toThrow(/no settings for a stage "tabels"/);
    expect(() => tuneSettings({ tables: { snapp: 1 } } as never)).toThrow(/no setting tables.snapp/);
    expect(() => tuneSettings({ tables: { snap: '4' } } as never)).toThrow(/must be a number/);
  });
});
