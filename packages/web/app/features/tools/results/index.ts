import { jobReportOf, type JobView, type ToolId } from '@quire/shared';
import type { ComponentType } from 'react';
import type { MessageKey } from '../../../i18n/messages.ts';
import { CompareSummary } from './compare-summary.tsx';
import { readCompressionResult } from './compression-result.ts';
import { CompressSummary } from './compress-summary.tsx';
import { pagesWithoutTextOf, readOcrResult, unreadScansOf } from './ocr-result.ts';
import {
  OcrSummary,
  PdfToExcelSummary,
  PdfToPowerpointSummary,
  PdfToTextSummary,
  PdfToWordSummary,
} from './ocr-summary.tsx';
import { RedactSummary } from './redact-summary.tsx';
import { RepairSummary } from './repair-summary.tsx';

/** What a tool's result details receive: the done job's last view, with its tool's figures (`result.report`). */
export type ToolResultDetailsProps = { readonly job: JobView };

/**
 * Details shown with a tool's result (compress's sizes, OCR's pages, Redact's places removed, what Repair found and
 * did, Compare's changes); for any other the download is all there is.
 */
const TOOL_RESULT_DETAILS: Partial<Record<ToolId, ComponentType<ToolResultDetailsProps>>> = {
  compress: CompressSummary,
  'pdf-to-word': PdfToWordSummary,
  'pdf-to-powerpoint': PdfToPowerpointSummary,
  'pdf-to-text': PdfToTextSummary,
  'pdf-to-excel': PdfToExcelSummary,
  ocr: OcrSummary,
  redact: RedactSummary,
  repair: RepairSummary,
  compare: CompareSummary,
};

export function resultDetailsOf(toolId: ToolId): ComponentType<ToolResultDetailsProps> | null {
  return TOOL_RESULT_DETAILS[toolId] ?? null;
}

/** The success toast: its title and its text, as message keys. */
export type SuccessToast = { readonly title: MessageKey; readonly description: MessageKey };

/**
 * The success toast: the tool's own text under "Success", except where that would claim more than the result
 * holds. Compression that saved nothing says so, as does Repair PDF given an intact file (it came back as it was)
 * and OCR that found no page to read; PDF to Word with pages kept as pictures (notice `PAGES_ARE_SCANS`) says so rather than "converted successfully", whether every page is
 * a picture or only some, and OCR with scans it could not read (the same notice) says so rather than "text
 * recognised", whether it read none or only some; PDF to PowerPoint so too; PDF to text with pages that gave no text
 * (notice `NO_TEXT_FOUND`) says so, whether every page is empty or only some; Compare PDF that found no difference
 * says so. Those texts come under a plain "Done", not "Success". PDF to Word, PDF to PowerPoint, PDF to text and PDF
 * to Excel that read scans say to check what was read.
 */
export function successToastOf(job: JobView): SuccessToast {
  const toolId = job.tool;
  const caveat = caveatOf(job);
  if (caveat) return { title: 'common.toast.done', description: caveat };
  const readsScans =
    toolId === 'pdf-to-word' ||
    toolId === 'pdf-to-powerpoint' ||
    toolId === 'pdf-to-text' ||
    toolId === 'pdf-to-excel';
  if (readsScans && (readOcrResult(job)?.count ?? 0) > 0) {
    return { title: 'common.toast.success', description: `tools.${toolId}.successRecognised` };
  }
  return { title: 'common.toast.success', description: `tools.${toolId}.success` };
}

function caveatOf(job: JobView): MessageKey | null {
  const toolId = job.tool;
  if (readCompressionResult(job)?.outcome === 'unchanged') return 'tools.compress.successUnchanged';
  // An intact file came back as it was: nothing was repaired.
  if (jobReportOf(job, 'repair')?.engine === 'none') return 'tools.repair.successIntact';
  // Two files found the same: the report says so, and so does the toast, not "comparison ready".
  if (jobReportOf(job, 'compare')?.pagesChanged === 0) return 'tools.compare.successSame';
  // A search that found nothing removed no text: the notice says why, the toast does not claim a redaction.
  if (toolId === 'redact' && job.notices.some((notice) => notice.code === 'NO_MATCHES')) {
    return 'tools.redact.successNothingFound';
  }
  const scans = unreadScansOf(job);
  if (toolId === 'ocr') {
    const recognised = readOcrResult(job)?.count;
    if (scans) return recognised ? 'tools.ocr.successSomeUnread' : 'tools.ocr.successNothingRead';
    if (recognised === 0) return 'tools.ocr.result.noScans';
  }
  if ((toolId === 'pdf-to-word' || toolId === 'pdf-to-powerpoint') && scans) {
    const pageCount = jobReportOf(job, toolId)?.pageCount;
    const isSomePages = scans.pages !== undefined && pageCount !== undefined && scans.pages < pageCount;
    return isSomePages ? `tools.${toolId}.successSomeScans` : `tools.${toolId}.successAllScans`;
  }
  const empty = toolId === 'pdf-to-text' ? pagesWithoutTextOf(job) : undefined;
  if (empty) {
    const pageCount = jobReportOf(job, 'pdf-to-text')?.pageCount;
    const isSomePages = empty.pages !== undefined && pageCount !== undefined && empty.pages < pageCount;
    return isSomePages ? 'tools.pdf-to-text.successSomeNoText' : 'tools.pdf-to-text.successNoText';
  }
  return null;
}
