import { join } from 'node:path';
import { AppError, TOOLS } from '@quire/shared';
import { hasOversizeMetadata } from '../mupdf/oversize-metadata.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { QPDF_EXIT, isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp } from './types.ts';

/**
 * What a job of this tool costs (`estimateWork`): qpdf rewrites every object, decrypting each stream as it goes
 * (measured with `npm run bench protect`: as protect's).
 */
const WORK_RATES: WorkRates = { ...NO_WORK, perPageMs: 3, perInputMiBMs: 40 };

/**
 * The same document without encryption: no password to open it and no restrictions. A file that needs a password
 * opens with the visitor's (`PASSWORD_REQUIRED` without it, `PASSWORD_INCORRECT` for a wrong one, as every tool); a
 * file that opens without one but carries restrictions (an owner password only) is unlocked without asking, as the
 * PDF standard lets any reader open it. What was removed is reported: `password`, `restrictions` or `nothing`.
 */
export const unlock: EngineOp<'unlock'> = async ({ file }, ctx) => {
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.unlock.maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);
  const removed = info.wasProtected
    ? 'password'
    : (await isEncrypted(file.path, ctx))
      ? 'restrictions'
      : 'nothing';

  const notUnlocked = () =>
    new AppError('FILE_DAMAGED', `"${file.name}" is damaged and could not be unlocked.`, {
      fileIndex: 0,
      fileName: file.name,
    });
  // qpdf writes the metadata uncompressed: metadata it cannot hold is refused before it spends seconds on it.
  if (await hasOversizeMetadata(info.path, info.password)) throw notUnlocked();

  ctx.onProgress?.('processing');
  const outputPath = join(ctx.workDir, 'unlocked.pdf');
  const result = await runQpdf(
    [
      ...(info.password === undefined ? [] : [`--password=${info.password}`]),
      '--decrypt',
      info.path,
      outputPath,
    ],
    ctx,
  );
  if (!isQpdfSuccess(result)) throw notUnlocked();

  ctx.onProgress?.('writing');
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, removed },
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

/** Whether the upload is encrypted at all: `qpdf --is-encrypted` exits 0 when it is, 2 when it is not. */
async function isEncrypted(path: string, ctx: Parameters<EngineOp<'unlock'>>[1]): Promise<boolean> {
  return (await runQpdf(['--is-encrypted', path], ctx)).exitCode === QPDF_EXIT.ok;
}
