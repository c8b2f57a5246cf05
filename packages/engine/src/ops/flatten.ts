import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import { AppError, TOOLS } from '@quire/shared';
import { damagedError, openAuthenticated } from '../mupdf/edit-pdf.ts';
import { loadMupdf, type MupdfModule } from '../mupdf/load-mupdf.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import { inspectPdf } from '../qpdf/inspect-pdf.ts';
import { isQpdfSuccess, runQpdf } from '../qpdf/run-qpdf.ts';
import { declarePdfWork } from '../work/declare-work.ts';
import { NO_WORK, type WorkRates } from '../work/estimate-work.ts';
import { passwordNotices } from './password-notices.ts';
import { repairNotices } from './repair-notices.ts';
import type { EngineOp, JobContext } from './types.ts';

/** How a broken file's error ends: `"report.pdf" is damaged and …`. */
const FAILURE = 'could not be flattened';

/** The file MuPDF reads, and the password that opens it. */
type Source = { path: string; password: string | undefined };

/**
 * What a job of this tool costs (`estimateWork`, measured with `npm run bench flatten`): MuPDF loads each page's
 * annotations, draws the missing appearances and rewrites the file.
 */
const WORK_RATES: WorkRates = { ...NO_WORK, baseMs: 40, perPageMs: 8, perInputMiBMs: 40 };

/** At most this many structure elements are visited to drop their references to the annotations drawn. */
const MAX_STRUCTURE_NODES = 200_000;

/**
 * Makes form fields and annotations part of their pages, as they look: each one's appearance (drawn first where the
 * file lacks it or asks for it, as a form filled by a program often does) is written into the page's content, and
 * the field or annotation itself is gone. `forms`: the form fields (the interactive form goes with its last field);
 * `annotations`: comments, highlights, stamps, drawings and the other annotations, the fields staying fillable;
 * `both`. Links stay links: they draw nothing and are how the document navigates. The structure tree of a tagged
 * file stops pointing at what was drawn, so no widget is left behind in it.
 *
 * MuPDF's bake, after qpdf's `--generate-appearances` where the form asks for them, rather than qpdf's
 * `--flatten-annotations`: qpdf flattens every annotation or none, never the fields alone. Measured on the corpus's
 * four forms against poppler drawing the input: both ways give the same pages (0% of pixels differ on three, 0.034% on
 * the LibreOffice form, whose second name poppler itself draws clipped) and the same page text.
 */
export const flatten: EngineOp<'flatten'> = async ({ file, options }, ctx) => {
  const { what } = options;
  ctx.onProgress?.('reading');
  const info = await inspectPdf(file, 0, ctx, TOOLS.flatten.maxPages);
  await declarePdfWork(WORK_RATES, [info], ctx);

  ctx.onProgress?.('processing');
  const mupdf = await loadMupdf();
  const isFormsDone = what !== 'annotations';
  const isAnnotationsDone = what !== 'forms';
  let source = { path: info.path, password: info.password };
  if (isFormsDone && readNeedAppearances(mupdf, source, file.name)) {
    source = { path: await generateAppearances(source, file.name, ctx), password: undefined };
  }
  const opened = openAuthenticated(mupdf, source.path, source.password, file.name, FAILURE);
  let flattened: Uint8Array;
  let counts: { formFields: number; annotations: number };
  try {
    const { pdf } = opened;
    const drawn = collectDrawn(pdf, isFormsDone, isAnnotationsDone, ctx.signal);
    counts = { formFields: drawn.formFields, annotations: drawn.annotations };
    pdf.bake(isAnnotationsDone, isFormsDone);
    if (drawn.objectNumbers.size > 0) dropStructureReferences(pdf, drawn.objectNumbers);
    ctx.onProgress?.('writing');
    flattened = ownedBytes(pdf.saveToBuffer('garbage,compress,decrypt'));
  } catch (error) {
    if (error instanceof AppError || ctx.signal.aborted) throw error;
    // MuPDF throws plain errors on structures it cannot follow: a broken file.
    throw damagedError(file.name, FAILURE);
  } finally {
    opened.close();
  }

  const outputPath = join(ctx.workDir, 'flattened.pdf');
  await writeFile(outputPath, flattened);
  return {
    path: outputPath,
    report: {
      values: { pageCount: info.pageCount, ...counts },
      // Written decrypted: a protected file's result has no password.
      notices: [...repairNotices(info.wasRepaired), ...passwordNotices([info])],
    },
  };
};

/**
 * Whether the form asks readers to draw its fields' appearances (`/NeedAppearances`): the appearances it carries may
 * be empty or stale (LibreOffice writes them so), and baking them as they are would lose the values typed.
 */
function readNeedAppearances(mupdf: MupdfModule, source: Source, fileName: string): boolean {
  const opened = openAuthenticated(mupdf, source.path, source.password, fileName, FAILURE);
  try {
    const form = opened.pdf.getTrailer().get('Root').get('AcroForm');
    if (!form.isDictionary()) return false;
    const flag = form.get('NeedAppearances');
    return flag.isBoolean() && flag.asBoolean();
  } catch {
    throw damagedError(fileName, FAILURE);
  } finally {
    opened.close();
  }
}

/**
 * A decrypted copy whose fields' appearances qpdf drew from their values (`--generate-appearances`, which acts on
 * a form that asks for it). On the corpus's LibreOffice form MuPDF's bake alone kept the empty appearances and lost
 * "Alice" and "Bob"; with qpdf's appearances first, the page text and look are the input's as poppler draws it.
 */
async function generateAppearances(source: Source, fileName: string, ctx: JobContext): Promise<string> {
  const path = join(ctx.workDir, `appearances-${randomUUID()}.pdf`);
  const result = await runQpdf(
    [
      ...(source.password === undefined ? [] : [`--password=${source.password}`]),
      '--decrypt',
      '--generate-appearances',
      source.path,
      path,
    ],
    ctx,
  );
  if (!isQpdfSuccess(result)) throw damagedError(fileName, FAILURE);
  return path;
}

/** The form fields' widgets and the other annotations that bake will draw, counted, and their objects' numbers. */
function collectDrawn(
  pdf: Mupdf.PDFDocument,
  isFormsDone: boolean,
  isAnnotationsDone: boolean,
  signal: AbortSignal,
): { formFields: number; annotations: number; objectNumbers: Set<number> } {
  const objectNumbers = new Set<number>();
  let formFields = 0;
  let annotations = 0;
  const pageCount = pdf.countPages();
  for (let index = 0; index < pageCount; index += 1) {
    if (signal.aborted) throw signal.reason;
    const page = pdf.loadPage(index);
    try {
      const widgets = isFormsDone ? page.getWidgets() : [];
      const others = isAnnotationsDone ? page.getAnnotations() : [];
      formFields += widgets.length;
      annotations += others.length;
      for (const annotation of [...widgets, ...others]) {
        const object = annotation.getObject();
        if (object.isIndirect()) objectNumbers.add(object.asIndirect());
      }
    } finally {
      page.destroy();
    }
  }
  return { formFields, annotations, objectNumbers };
}

/**
 * A tagged PDF's structure tree names each annotation it covers (an object reference, `/OBJR`): those of the
 * annotations drawn into their pages are removed, or the tree would keep the fields and annotations in the file.
 * The tree is walked once, each element at most once, within `MAX_STRUCTURE_NODES`.
 */
function dropStructureReferences(pdf: Mupdf.PDFDocument, drawn: ReadonlySet<number>): void {
  const root = pdf.getTrailer().get('Root').get('StructTreeRoot');
  if (!root.isDictionary()) return;
  const seen = new Set<number>();
  const pending: Mupdf.PDFObject[] = [root];
  let visited = 0;
  const isDrawnReference = (kid: Mupdf.PDFObject): boolean => {
    if (!kid.isDictionary() || kid.get('Type').toString() !== '/OBJR') return false;
    const target = kid.get('Obj');
    return target.isIndirect() && drawn.has(target.asIndirect());
  };
  while (pending.length > 0 && visited < MAX_STRUCTURE_NODES) {
    const element = pending.pop() as Mupdf.PDFObject;
    visited += 1;
    if (element.isIndirect()) {
      if (seen.has(element.asIndirect())) continue;
      seen.add(element.asIndirect());
    }
    if (!element.isDictionary()) continue;
    const kids = element.get('K');
    if (kids.isArray()) {
      for (let index = kids.length - 1; index >= 0; index -= 1) {
        const kid = kids.get(index);
        if (isDrawnReference(kid)) kids.delete(index);
        else if (kid.isDictionary()) pending.push(kid);
      }
    } else if (isDrawnReference(kids)) {
      element.delete('K');
    } else if (kids.isDictionary()) {
      pending.push(kids);
    }
  }
}
