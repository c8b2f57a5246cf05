// How a bench hands PDF to Word's settings to the converter processes it starts (`op-runner.ts`): the path of a JSON
// file of overrides in this environment variable.
import { readFileSync } from 'node:fs';
import { tunePdfToWord, type PdfToWordOverrides } from '@quire/engine';

export const SETTINGS_ENV = 'QUIRE_BENCH_PDF_TO_WORD_SETTINGS';

/** Applies the overrides named by the environment, if any. */
export function applyBenchSettings(): void {
  const path = process.env[SETTINGS_ENV];
  if (path) tunePdfToWord(JSON.parse(readFileSync(path, 'utf8')) as PdfToWordOverrides);
}
