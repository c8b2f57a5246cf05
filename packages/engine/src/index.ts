export { JobPool, type PoolOptions, type RunOptions } from './runner/pool.ts';
export { JobRunner, type LaneStats, type RunnerOptions } from './runner/job-runner.ts';
export {
  chooseCageFactory,
  type CageFactory,
  type CageKind,
  type CagePreference,
} from './runner/process-cage.ts';
export type { TestOpInput, TestOpName } from './runner/test-ops.ts';
export { ENGINE_OPS } from './ops/index.ts';
export { checkPdfa } from './pdfa/check-pdfa.ts';
export { loadMupdf } from './mupdf/load-mupdf.ts';
export { opInput } from './ops/op-input.ts';
export type { EngineOp, InputFile, JobContext, JobInput, JobResult, SecretInputFile } from './ops/types.ts';
export { createProbeInputs, type ProbeFile, type ProbeInput } from './probe/probe-inputs.ts';
export { sweepOfficeDirs } from './libreoffice/office-dirs.ts';
export { LongJobDeferred, busy, cancelled } from './runner/job-errors.ts';
export type { JobWork } from './runner/messages.ts';
export { readTreesMemory } from './runner/read-trees-memory.ts';
export { planDocument, type PlannedDocument } from './pdf-to-word/convert-document.ts';
export {
  SETTINGS as PDF_TO_WORD_SETTINGS,
  tuneSettings as tunePdfToWord,
  type SettingsOverrides as PdfToWordOverrides,
} from './pdf-to-word/model/settings.ts';
// Read by `npm run bench ocr`, which times the OCR steps on their own.
export { OCR_LANGUAGE_MODELS, modelsFor } from './ocr/ocr-languages.ts';
export { recognisePdf } from './ocr/recognise-pdf.ts';
export { inspectPdf } from './qpdf/inspect-pdf.ts';
// Read by `npm run bench pdf-to-excel`, which measures the tables' structure against tables written by hand.
export { findDocumentTables } from './pdf-to-excel/find-document-tables.ts';
export { toTextGrid } from './pdf-to-excel/sheet-table.ts';
export {
  precisionRecallF1,
  scorePage,
  sumScores,
  type Score,
  type TextGrid,
} from './pdf-to-excel/adjacency.ts';
