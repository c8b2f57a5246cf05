import type { Translate } from '../../i18n/create-translator.ts';
import type { JobState } from './use-tool-job.ts';

/**
 * What a processing job shows of itself: only that it works during its first seconds (most jobs end there), then
 * where it stands: waiting for a worker, reading its files, pages done of the total, or writing the result.
 */
export type ProcessingStep =
  | { readonly kind: 'working' | 'queued' | 'reading' | 'writing' }
  | { readonly kind: 'pages'; readonly done: number; readonly total: number };

export function processingStepOf(state: Extract<JobState, { status: 'processing' }>): ProcessingStep {
  const { progress } = state;
  if (!state.isLong || !progress) return { kind: 'working' };
  switch (progress.stage) {
    case 'queued':
    case 'reading':
    case 'writing':
      return { kind: progress.stage };
    case 'processing':
      return progress.pagesTotal !== null && progress.pagesTotal > 0 && progress.pagesDone !== null
        ? {
            kind: 'pages',
            done: Math.min(progress.pagesDone, progress.pagesTotal),
            total: progress.pagesTotal,
          }
        : { kind: 'working' };
    default:
      return { kind: 'working' };
  }
}

/** Whole percent of the pages done, or null when the step has no pages to count. */
export function pagePercentOf(step: ProcessingStep): number | null {
  return step.kind === 'pages' ? Math.floor((step.done / step.total) * 100) : null;
}

/** The line under a processing job's bar, in the page's language. */
export function processingTextOf(t: Translate, step: ProcessingStep): string {
  switch (step.kind) {
    case 'working':
      return t('common.tool.processing');
    case 'queued':
      return t('common.tool.queued');
    case 'reading':
      return t('common.tool.reading');
    case 'writing':
      return t('common.tool.writing');
    case 'pages':
      return t('common.tool.processingPages', { done: step.done, total: step.total });
  }
}
