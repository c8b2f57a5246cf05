import { hasAcceptedExtension, type FileKind } from '@quire/shared';

/** What the upload widget accepts; the values come from the tool registry. */
export type UploadRules = {
  readonly accepts: readonly FileKind[];
  readonly maxFileBytes: number;
  readonly maxFiles: number;
  /** Multiple mode appends to the selection; single mode replaces it. */
  readonly multiple: boolean;
};

export type UploadRejection = 'too-large' | 'invalid-type' | 'too-many' | 'failed';

export type SelectionResult<F> = {
  readonly files: F[];
  /** The first rejection only (spec section 5), or null when everything was taken. */
  readonly rejection: UploadRejection | null;
};

type FileLike = { readonly name: string; readonly size: number };

function rejectionOf(file: FileLike, rules: UploadRules): UploadRejection | null {
  if (typeof file.name !== 'string' || !Number.isFinite(file.size)) return 'failed';
  if (!hasAcceptedExtension(file.name, rules.accepts)) return 'invalid-type';
  if (file.size > rules.maxFileBytes) return 'too-large';
  return null;
}

/**
 * Applies a new pick or drop to the current selection. Files of the wrong type or over the size limit are left
 * out; in single mode the pick replaces the selection, in multiple mode it is appended and the total is cut to
 * the maximum count.
 */
export function applySelection<F extends FileLike>(
  current: readonly F[],
  incoming: readonly F[],
  rules: UploadRules,
): SelectionResult<F> {
  let rejection: UploadRejection | null = incoming.length === 0 ? 'failed' : null;
  const accepted: F[] = [];
  for (const file of incoming) {
    const reason = rejectionOf(file, rules);
    if (reason === null) accepted.push(file);
    else rejection ??= reason;
  }

  const limit = rules.multiple ? rules.maxFiles : 1;
  const combined = rules.multiple ? [...current, ...accepted] : accepted;
  if (combined.length > limit) rejection ??= 'too-many';
  if (!rules.multiple && accepted.length === 0) return { files: [...current], rejection };
  return { files: combined.slice(0, limit), rejection };
}
