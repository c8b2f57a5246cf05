import { randomBytes, randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, TOOLS, flagListField, type PdfPermission } from '@quire/shared';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): qpdf rewrites every object, encrypting each stream as it goes
 * (measured with `npm run bench protect`: about rotate's cost per page and per MiB).
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 3, perInputMiBMs: 40 };

/** Each permission as qpdf's 256-bit encryption options say it, allowed and refused. */
const QPDF_PERMISSIONS: Readonly<Record<PdfPermission, (allowed: boolean) => Record<string, string>>> = {
  print: (allowed) => ({ print: allowed ? 'full' : 'none' }),
  copy: (allowed) => ({ extract: allowed ? 'y' : 'n' }),
  // Changing the document: its content, and its pages (insert, delete, rotate).
  edit: (allowed) => ({ modifyOther: allowed ? 'y' : 'n', assemble: allowed ? 'y' : 'n' }),
  annotate: (allowed) => ({ annotate: allowed ? 'y' : 'n' }),
  forms: (allowed) => ({ form: allowed ? 'y' : 'n' }),
};

/**
 * Encrypts a PDF with AES-256 (PDF 2.0's R6): it opens only with `newPassword`, and readers that honour permissions
 * allow only those kept. The owner password, which lifts the restrictions, is a random secret that nobody keeps: the
 * visitor's own password opens the document with the permissions chosen, never more. A protected input is opened
 * with the visitor's `password` first; its old encryption is replaced.
 *
 * qpdf reads its options from a job file (`--job-json-file`), private to the job and removed at once: a password is
 * never an argument (qpdf takes one that starts with `-` for an option, and crashes on `--`), nor in a listing.
 */
export const protect: EngineOp<'protect'> = async ({ file, options }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.protect.maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);

  ctx.onProgress?.('processing');
  const outputPath = join(ctx.workDir, 'protected.pdf');
  const restrictions = Object.assign(
    {},
    ...Object.entries(QPDF_PERMISSIONS).map(([permission, write]) =>
      write(options.permissions.includes(permission as PdfPermission)),
    ),
  ) as Record<string, string>;
  const job = {
    inputFile: info.path,
    ...(info.password === undefined ? {} : { password: info.password }),
    outputFile: outputPath,
    encrypt: {
      userPassword: options.newPassword,
      ownerPassword: randomBytes(32).toString('base64url'),
      '256bit': restrictions,
    },
  };
  const jobPath = join(ctx.workDir, `qpdf-job-${randomUUID()}.json`);
  await writeFile(jobPath, JSON.stringify(job), { mode: 0o600 });
  let result;
  try {
    result = await runQpdf([`--job-json-file=${jobPath}`], ctx);
  } finally {
    await rm(jobPath, { force: true });
  }
  if (!isQpdfSuccess(result)) {
    throw new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be protected.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  }

  ctx.onProgress?.('writing');
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, permissions: flagListField(options.permissions) },
      // No PASSWORD_REMOVED: a protected input comes back protected, by the new password.
      notices: repairNotices(info.wasRepaired),
    },
  };
};
