import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { corpusPath } from '@quire/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobContext, inputFile } from '../../test/job-context.ts';
import { pdfToPdfa } from '../ops/pdf-to-pdfa.ts';
import { checkPdfa } from './check-pdfa.ts';
import { ownedBytes } from '../mupdf/owned-bytes.ts';
import { PDFA_RULES, rulesOf, type PdfaLevel, type PdfaRule } from '@quire/shared';

/** Text, pictures with soft masks and fonts of several kinds: a base every rule can be broken on. */
const SOURCE = 'pdf/pdf2docx_demo_text-images-6p.pdf';

/** Conformant files made by the tool itself, one per level; each test breaks one rule in a copy. */
const bases = new Map<PdfaLevel, Uint8Array>();
let dispose: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const ctx = await createJobContext(300_000);
  dispose = ctx.dispose;
  for (const level of ['1b', '2b', '3b'] as const) {
    const result = await pdfToPdfa({ file: inputFile(corpusPath(SOURCE)), options: { level } }, ctx);
    bases.set(level, new Uint8Array(readFileSync(result.path)));
  }
}, 300_000);
afterAll(() => dispose());

/** The rules a copy of the level's base breaks once `edit` has changed it (saved and opened again). */
function brokenRules(level: PdfaLevel, edit: (pdf: mupdf.PDFDocument) => void): PdfaRule[] {
  const pdf = new mupdf.PDFDocument(bases.get(level) as Uint8Array);
  edit(pdf);
  const edited = new mupdf.PDFDocument(ownedBytes(pdf.saveToBuffer('')));
  return [...new Set(checkPdfa(edited, level).map((violation) => violation.rule))];
}

const catalogOf = (pdf: mupdf.PDFDocument) => pdf.getTrailer().get('Root');
const firstPage = (pdf: mupdf.PDFDocument) => pdf.findPage(0);

/** Every object of the file that is a dictionary and passes `test`. */
function objectsWhere(pdf: mupdf.PDFDocument, test: (object: mupdf.PDFObject) => boolean): mupdf.PDFObject[] {
  const found: mupdf.PDFObject[] = [];
  for (let num = 1; num < pdf.countObjects(); num += 1) {
    const object = pdf.newIndirect(num);
    if (object.isDictionary() && test(object)) found.push(object);
  }
  return found;
}

function addAction(pdf: mupdf.PDFDocument, kind: string): mupdf.PDFObject {
  const action = pdf.newDictionary();
  action.put('Type', pdf.newName('Action'));
  action.put('S', pdf.newName(kind));
  if (kind === 'JavaScript') action.put('JS', pdf.newString('app.alert(1)'));
  if (kind === 'Launch') action.put('F', pdf.newString('calc.exe'));
  return pdf.addObject(action);
}

function addAnnotation(
  pdf: mupdf.PDFDocument,
  kind: 'Square' | 'Movie' | 'Link',
  flags: number,
): mupdf.PDFObject {
  const annot = pdf.newDictionary();
  annot.put('Type', pdf.newName('Annot'));
  annot.put('Subtype', pdf.newName(kind));
  annot.put('Rect', [50, 50, 150, 150]);
  annot.put('F', flags);
  const ref = pdf.addObject(annot);
  const page = firstPage(pdf);
  if (page.get('Annots').isNull()) page.put('Annots', pdf.newArray());
  page.get('Annots').push(ref);
  return ref;
}

function addExtGState(pdf: mupdf.PDFDocument, key: string, value: unknown): void {
  const state = pdf.newDictionary();
  state.put('Type', pdf.newName('ExtGState'));
  state.put(key, value);
  const resources = firstPage(pdf).get('Resources');
  if (resources.get('ExtGState').isNull()) resources.put('ExtGState', pdf.newDictionary());
  resources.get('ExtGState').put('QuireTest', pdf.addObject(state));
}

describe('checkPdfa on files the tool made', () => {
  it.each(['1b', '2b', '3b'] as const)('the %s result breaks none of the rules of its level', (level) => {
    expect(brokenRules(level, () => undefined)).toEqual([]);
    const exemptions: Record<PdfaLevel, readonly PdfaRule[]> = {
      '1b': [],
      '2b': ['no-transparency'],
      '3b': ['no-transparency', 'no-embedded-files'],
    };
    const exempt = exemptions[level];
    expect(rulesOf(level)).toEqual(PDFA_RULES.filter((rule) => !exempt.includes(rule)));
  });
});

describe('each rule is caught on a file that breaks it, and only that rule', () => {
  it('fonts-embedded: a font whose program is removed from its descriptor (simple fonts and CIDFonts)', () => {
    const broken = brokenRules('2b', (pdf) => {
      const descriptors = objectsWhere(
        pdf,
        (o) => o.get('Type').isName() && o.get('Type').asName() === 'FontDescriptor',
      );
      expect(descriptors.length).toBeGreaterThan(0);
      for (const descriptor of descriptors)
        for (const key of ['FontFile', 'FontFile2', 'FontFile3']) descriptor.delete(key);
    });
    expect(broken).toEqual(['fonts-embedded']);
  });

  it('fonts-embedded: a Type3 font (glyphs drawn by the file itself) is embedded by nature', () => {
    const broken = brokenRules('2b', (pdf) => {
      const font = pdf.newDictionary();
      font.put('Type', pdf.newName('Font'));
      font.put('Subtype', pdf.newName('Type3'));
      font.put('FontMatrix', [0.001, 0, 0, 0.001, 0, 0]);
      font.put('CharProcs', pdf.newDictionary());
      catalogOf(pdf).put('QuireType3', pdf.addObject(font));
    });
    expect(broken).toEqual([]);
  });

  it('output-intent: no output intent, or one whose profile is not ICC', () => {
    expect(brokenRules('2b', (pdf) => catalogOf(pdf).delete('OutputIntents'))).toEqual(['output-intent']);
    const notIcc = brokenRules('2b', (pdf) => {
      const intent = catalogOf(pdf).get('OutputIntents').get(0);
      intent.put('DestOutputProfile', pdf.addStream('not a profile', { N: 3 }));
    });
    expect(notIcc).toEqual(['output-intent']);
  });

  it('no-encryption: a result encrypted again by qpdf', async () => {
    const ctx = await createJobContext();
    try {
      const plain = join(ctx.workDir, 'plain.pdf');
      const locked = join(ctx.workDir, 'locked.pdf');
      writeFileSync(plain, bases.get('2b') as Uint8Array);
      execFileSync('qpdf', ['--encrypt', '', 'owner', '256', '--', plain, locked]);
      const pdf = new mupdf.PDFDocument(readFileSync(locked));
      expect(pdf.authenticatePassword('')).toBeGreaterThan(0);
      expect([...new Set(checkPdfa(pdf, '2b').map((v) => v.rule))]).toEqual(['no-encryption']);
    } finally {
      await ctx.dispose();
    }
  });

  it('no-forbidden-actions: an opening script, document scripts, a Launch link and additional actions', () => {
    const cases: ((pdf: mupdf.PDFDocument) => void)[] = [
      (pdf) => catalogOf(pdf).put('OpenAction', addAction(pdf, 'JavaScript')),
      (pdf) => {
        const names = pdf.newDictionary();
        names.put('JavaScript', pdf.addObject({ Names: ['hello', addAction(pdf, 'JavaScript')] }));
        catalogOf(pdf).put('Names', names);
      },
      (pdf) => addAnnotation(pdf, 'Link', 4).put('A', addAction(pdf, 'Launch')),
      (pdf) => firstPage(pdf).put('AA', pdf.addObject({ O: addAction(pdf, 'ResetForm') })),
    ];
    for (const edit of cases) expect(brokenRules('2b', edit)).toEqual(['no-forbidden-actions']);
  });

  it('no-transparency: constant alpha, a blend mode, a transparency group and a soft mask break 1b, not 2b', () => {
    const cases: ((pdf: mupdf.PDFDocument) => void)[] = [
      (pdf) => addExtGState(pdf, 'ca', 0.5),
      (pdf) => addExtGState(pdf, 'BM', pdf.newName('Multiply')),
      (pdf) =>
        firstPage(pdf).put(
          'Group',
          pdf.addObject({ Type: pdf.newName('Group'), S: pdf.newName('Transparency') }),
        ),
      (pdf) => {
        const images = objectsWhere(pdf, (o) => o.isStream() && o.get('Subtype').toString() === '/Image');
        expect(images.length).toBeGreaterThan(0);
        images[0]?.put('SMask', images[images.length - 1]);
      },
    ];
    for (const edit of cases) {
      expect(brokenRules('1b', edit)).toEqual(['no-transparency']);
      expect(brokenRules('2b', edit)).toEqual([]);
    }
  });

  it('xmp-identification: no XMP, or one naming another part', () => {
    expect(brokenRules('2b', (pdf) => catalogOf(pdf).delete('Metadata'))).toContain('xmp-identification');
    const otherPart = brokenRules('2b', (pdf) => {
      const metadata = catalogOf(pdf).get('Metadata');
      const xmp = metadata.readStream().asString();
      expect(xmp).toMatch(/pdfaid:part[>="']+2/);
      metadata.writeStream(xmp.replace(/(pdfaid:part[>="']+)2/, '$11'));
    });
    expect(otherPart).toEqual(['xmp-identification']);
  });

  it('info-matches-xmp: a title in the document information that the XMP does not have', () => {
    const broken = brokenRules('2b', (pdf) => {
      pdf.getTrailer().get('Info').put('Title', pdf.newString('A title only the information has'));
    });
    expect(broken).toEqual(['info-matches-xmp']);
  });

  it('no-lzw: an LZW-compressed stream', () => {
    const broken = brokenRules('2b', (pdf) => {
      const stream = pdf.addRawStream('\x80\x0b\x60\x50\x22\x0c\x0c\x85\x01', {
        Filter: pdf.newName('LZWDecode'),
      });
      catalogOf(pdf).put('QuireLzw', stream);
    });
    expect(broken).toEqual(['no-lzw']);
  });

  it('no-embedded-files: an attachment breaks 1b and 2b, not 3b', () => {
    const attach = (pdf: mupdf.PDFDocument) => {
      const file = pdf.addStream('hello', { Type: pdf.newName('EmbeddedFile') });
      const spec = pdf.addObject({
        Type: pdf.newName('Filespec'),
        F: pdf.newString('a.txt'),
        EF: { F: file },
      });
      catalogOf(pdf).put(
        'Names',
        pdf.addObject({ EmbeddedFiles: pdf.addObject({ Names: ['a.txt', spec] }) }),
      );
    };
    expect(brokenRules('1b', attach)).toEqual(['no-embedded-files']);
    expect(brokenRules('2b', attach)).toEqual(['no-embedded-files']);
    expect(brokenRules('3b', attach)).toEqual([]);
  });

  it('annotations-printable: an annotation not printed, hidden, without appearance, or of a forbidden type', () => {
    const withAppearance = (pdf: mupdf.PDFDocument, flags: number) =>
      addAnnotation(pdf, 'Square', flags).put('AP', {
        N: pdf.addStream('0 0 m', { BBox: [0, 0, 100, 100] }),
      });
    expect(brokenRules('2b', (pdf) => withAppearance(pdf, 4))).toEqual([]);
    expect(brokenRules('2b', (pdf) => withAppearance(pdf, 0))).toEqual(['annotations-printable']);
    expect(brokenRules('2b', (pdf) => withAppearance(pdf, 4 | 2))).toEqual(['annotations-printable']);
    expect(brokenRules('2b', (pdf) => addAnnotation(pdf, 'Square', 4))).toEqual(['annotations-printable']);
    expect(brokenRules('2b', (pdf) => addAnnotation(pdf, 'Movie', 4))).toEqual(['annotations-printable']);
  });

  it('no-xfa: an XFA form, or a form asking readers to draw its fields', () => {
    const form = (pdf: mupdf.PDFDocument, key: string, value: unknown) =>
      catalogOf(pdf).put('AcroForm', pdf.addObject({ Fields: [], [key]: value }));
    expect(brokenRules('2b', (pdf) => form(pdf, 'XFA', pdf.addStream('<xdp/>', {})))).toEqual(['no-xfa']);
    expect(brokenRules('2b', (pdf) => form(pdf, 'NeedAppearances', true))).toEqual(['no-xfa']);
  });
});
