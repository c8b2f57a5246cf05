import { hasAcceptedExtension, type FileKind } from '@quire/shared';

/** What the upload widget accepts; the values come from the tool registry. */
export type UploadRules = {
  readonly accepts: readonly FileKind[];
  readonly maxFileBytes: number;
  readonly maxFiles: number;
  /** Multiple mode appends to the selection; single mode replaces it. */
  readonly multiple: boolean;
};

export type RejectionReason = 'too-large' | 'invalid-type' | 'too-many' | 'failed';

/** What the widget says after a pick that left files out: the first file left out, and how many more were. */
export type UploadRejection = {
  readonly reason: RejectionReason;
  /** The first file left out; null when the pick held no file at all (a dropped folder or text) or it had no name. */
  readonly fileName: string | null;
  /** How many other files of the same pick were left out too, for whatever reason. */
  readonly others: number;
};

export type SelectionResult<F> = {
  readonly files: F[];
  /** The first file left out (spec section 5 reports only the first), or null when everything was taken. */
  readonly rejection: UploadRejection | null;
};

type FileLike = { readonly name: string; readonly size: number };
type LeftOut = { readonly reason: RejectionReason; readonly fileName: string | null };

function reasonOf(file: FileLike, rules: UploadRules): RejectionReason | null {
  if (typeof file.name !== 'string' || !Number.isFinite(file.size)) return 'failed';
  if (!hasAcceptedExtension(file.name, rules.accepts)) return 'invalid-type';
  if (file.size > rules.maxFileBytes) return 'too-large';
  return null;
}

function nameOf(file: FileLike): string | null {
  return typeof file.name === 'string' && file.name !== '' ? file.name : null;
}

function summarize(leftOut: readonly LeftOut[]): UploadRejection | null {
  const [first] = leftOut;
  return first ? { ...first, others: leftOut.length - 1 } : null;
}

/**
 * Applies a new pick or drop to the current selection. Files of the wrong type or over the size limit are left
 * out; in single mode the pick replaces the selection, in multiple mode it is appended and the total is cut to
 * the maximum count. The rejection names the first file left out: files refused for themselves come first, in the
 * order of the pick, then those past the maximum count.
 */
export function applySelection<F extends FileLike>(
  current: readonly F[],
  incoming: readonly F[],
  rules: UploadRules,
): SelectionResult<F> {
  if (incoming.length === 0) {
    return { files: [...current], rejection: { reason: 'failed', fileName: null, others: 0 } };
  }
  const leftOut: LeftOut[] = [];
  const accepted: F[] = [];
  for (const file of incoming) {
    const reason = reasonOf(file, rules);
    if (reason === null) accepted.push(file);
    else leftOut.push({ reason, fileName: nameOf(file) });
  }

  const limit = rules.multiple ? rules.maxFiles : 1;
  const combined = rules.multiple ? [...current, ...accepted] : accepted;
  for (const file of combined.slice(limit)) leftOut.push({ reason: 'too-many', fileName: nameOf(file) });
  const rejection = summarize(leftOut);
  if (!rules.multiple && accepted.length === 0) return { files: [...current], rejection };
  return { files: combined.slice(0, limit), rejection };
}
