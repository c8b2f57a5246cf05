import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { AppError, type Placement, type ToolOptions } from '@quire/shared';
import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { inputFile, isEncrypted, useJobContext } from '../../test/job-context.ts';
import { sign } from './sign.ts';

const ctx = useJobContext(180_000);
const ROTATED = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const PROTECTED = 'pdf/qpdf_encrypted-aes256_user-view_owner-master_30p.pdf';

const OPTIONS: ToolOptions<'sign'> = {
  placements: [],
  name: undefined,
  date: undefined,
  certificatePassword: undefined,
  reason: undefined,
  location: undefined,
};

type Rgb = [number, number, number];
const isRed = ([r, g, b]: Rgb) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: Rgb) => b > 200 && r < 60 && g < 60;

let redPng = '';
let bluePng = '';
let halfPng = '';

beforeEach(async () => {
  redPng = await solidPng('red.png', 200, 100, [255, 0, 0]);
  bluePng = await solidPng('blue.png', 100, 100, [0, 0, 255]);
  halfPng = await halfTransparentPng('half.png');
});

/** A PNG of one opaque colour. */
async function solidPng(name: string, width: number, height: number, color: Rgb): Promise<string> {
  const path = join(ctx.workDir, name);
  const [r, g, b] = color;
  await sharp({ create: { width, height, channels: 4, background: { r, g, b, alpha: 1 } } })
    .png()
    .toFile(path);
  return path;
}

/** A 200 × 100 PNG whose left half is opaque red and right half wholly transparent. */
async function halfTransparentPng(name: string): Promise<string> {
  const path = join(ctx.workDir, name);
  const [width, height] = [200, 100];
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width / 2; x += 1) raw.set([255, 0, 0, 255], (y * width + x) * 4);
  await sharp(raw, { raw: { width, height, channels: 4 } })
    .png()
    .toFile(path);
  return path;
}

const signWith = (
  path: string,
  options: Partial<ToolOptions<'sign'>>,
  extra: { password?: string; pictures?: string[]; certificate?: { bytes: Uint8Array; name: string } } = {},
) =>
  sign(
    {
      file: inputFile(path, extra.password),
      pictures: (extra.pictures ?? [redPng]).map((picture) => inputFile(picture)),
      certificate: extra.certificate,
      options: { ...OPTIONS, ...options },
    },
    ctx,
  );

/** A page as drawn at 72 dpi (annotations too), as seen (its /Rotate applied): its size and colours. */
function pixelsOf(path: string, pageIndex: number, password?: string) {
  const document = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    if (password) document.authenticatePassword(password);
    const pixmap = document
      .loadPage(pageIndex)
      .toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB, false);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const pixels = pixmap.getPixels().slice();
    const at = (x: number, y: number): Rgb => {
      const offset = (Math.floor(y) * width + Math.floor(x)) * 3;
      return [pixels[offset]!, pixels[offset + 1]!, pixels[offset + 2]!];
    };
    return { width, height, at };
  } finally {
    document.destroy();
  }
}

/** The box ([x0, y0, x1, y1], in pixels of the page as seen) of the pixels that pass a test; null when none do. */
function inkBox(page: ReturnType<typeof pixelsOf>, test: (pixel: Rgb) => boolean) {
  let box: [number, number, number, number] | null = null;
  for (let y = 0; y < page.height; y += 1)
    for (let x = 0; x < page.width; x += 1) {
      if (!test(page.at(x, y))) continue;
      box = box
        ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x + 1), Math.max(box[3], y + 1)]
        : [x, y, x + 1, y + 1];
    }
  return box;
}

/**
 * Checks that a picture was drawn in its placement's box, fitted: its pixels lie inside the box (a pixel of
 * rounding), and it fills the box in one direction.
 */
function expectInBox(page: ReturnType<typeof pixelsOf>, placement: Placement, test: (pixel: Rgb) => boolean) {
  const ink = inkBox(page, test);
  expect(ink).not.toBeNull();
  const [x0, y0, x1, y1] = ink!;
  const box = [
    placement.x * page.width,
    placement.y * page.height,
    (placement.x + placement.width) * page.width,
    (placement.y + placement.height) * page.height,
  ] as const;
  expect(x0).toBeGreaterThanOrEqual(box[0] - 1);
  expect(y0).toBeGreaterThanOrEqual(box[1] - 1);
  expect(x1).toBeLessThanOrEqual(box[2] + 1);
  expect(y1).toBeLessThanOrEqual(box[3] + 1);
  const fillsWidth = x1 - x0 >= box[2] - box[0] - 2;
  const fillsHeight = y1 - y0 >= box[3] - box[1] - 2;
  expect(fillsWidth || fillsHeight).toBe(true);
}

/**
 * A PKCS#12 file made by OpenSSL (its defaults: AES-256 and PBKDF2, a SHA-256 MAC), a self-signed certificate of a
 * new RSA or EC key: the bytes and the name a visitor's upload would have.
 */
function makePkcs12(password: string, keyType: 'rsa' | 'ec' = 'rsa'): { bytes: Uint8Array; name: string } {
  const key = join(ctx.workDir, `${keyType}-key.pem`);
  const certificate = join(ctx.workDir, `${keyType}-cert.pem`);
  const p12 = join(ctx.workDir, `${keyType}.p12`);
  const newKey =
    keyType === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256'];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      ...newKey,
      '-nodes',
      '-keyout',
      key,
      '-out',
      certificate,
      '-days',
      '30',
      '-subj',
      '/CN=Quire Test Signer/O=Quire',
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', key, '-in', certificate, '-out', p12, '-passout', `pass:${password}`],
    { stdio: 'ignore' },
  );
  return { bytes: readFileSync(p12), name: 'signer.p12' };
}

/** What poppler's pdfsig says of each signature of a file: its lines, one block a signature. */
function pdfsig(path: string): string[] {
  const output = execFileSync('pdfsig', [path], { encoding: 'utf8' });
  return output.split(/^Signature #\d+:$/m).slice(1);
}

const at = (page: number, x: number, y: number, width: number, height: number, image = 0): Placement => ({
  page,
  x,
  y,
  width,
  height,
  image,
});

describe('sign', () => {
  it('draws each picture in its box on pages turned 0, 90, 180 and 270 degrees, many on one page', async () => {
    const placements = [
      at(1, 0.6, 0.8, 0.3, 0.1),
      at(2, 0.1, 0.1, 0.3, 0.2),
      at(3, 0.5, 0.4, 0.2, 0.3),
      at(4, 0.05, 0.7, 0.4, 0.1),
      at(5, 0.1, 0.1, 0.2, 0.2, 1),
      at(5, 0.6, 0.6, 0.3, 0.3, 0),
    ];
    const result = await signWith(corpusPath(ROTATED), { placements }, { pictures: [redPng, bluePng] });
    expect(result.report.values).toEqual({ pageCount: 6, placements: 6, certified: 'false' });
    for (const placement of placements.slice(0, 4)) {
      expectInBox(pixelsOf(result.path, placement.page - 1), placement, isRed);
    }
    const fifth = pixelsOf(result.path, 4);
    expectInBox(fifth, placements[4]!, isBlue);
    expectInBox(fifth, placements[5]!, isRed);
    // Page 6 has none.
    expect(inkBox(pixelsOf(result.path, 5), isRed)).toBeNull();
  });

  it('places a signature on a turned page whose boxes do not start at 0,0', async () => {
    const document = new mupdf.PDFDocument();
    const page = document.addPage([100, 200, 712, 992], 90, {}, '');
    page.put('CropBox', [150, 250, 662, 942]);
    document.insertPage(-1, page);
    const source = join(ctx.workDir, 'offset-box.pdf');
    writeFileSync(source, document.saveToBuffer('').asUint8Array());
    const placement = at(1, 0.55, 0.75, 0.35, 0.15);
    const result = await signWith(source, { placements: [placement] });
    const drawn = pixelsOf(result.path, 0);
    // The crop box, turned: 692 × 512.
    expect([drawn.width, drawn.height]).toEqual([692, 512]);
    expectInBox(drawn, placement, isRed);
  });

  it("keeps a PNG's transparency: the page shows through its transparent part", async () => {
    const document = new mupdf.PDFDocument();
    document.insertPage(-1, document.addPage([0, 0, 400, 300], 0, {}, '0 g 0 0 400 300 re f'));
    const source = join(ctx.workDir, 'black.pdf');
    writeFileSync(source, document.saveToBuffer('').asUint8Array());
    // A box as wide as the picture's shape: its left half red, its right half the page's black.
    const result = await signWith(
      source,
      { placements: [at(1, 0.25, 0.25, 0.5, 0.5)] },
      { pictures: [halfPng] },
    );
    const page = pixelsOf(result.path, 0);
    expect(isRed(page.at(150, 150))).toBe(true);
    expect(page.at(250, 150)).toEqual([0, 0, 0]);
  });

  it('writes the name and the date under the picture, inside the box, copied back as typed', async () => {
    const placement = at(1, 0.5, 0.6, 0.4, 0.3);
    const result = await signWith(corpusPath(ROTATED), {
      placements: [placement],
      name: 'Jeanne Durand',
      date: '30 novembre 2026',
    });
    const text = execFileSync('pdftotext', ['-f', '1', '-l', '1', result.path, '-'], { encoding: 'utf8' });
    expect(text).toContain('Jeanne Durand');
    expect(text).toContain('30 novembre 2026');
    const page = pixelsOf(result.path, 0);
    const red = inkBox(page, isRed)!;
    // The picture keeps to the upper part of the box; the text (dark blue ink) lies below it, within the box.
    const isInk = ([r, g, b]: Rgb) => b > 80 && r < 60 && g < 80;
    const ink = inkBox(page, isInk)!;
    expect(ink[1]).toBeGreaterThanOrEqual(red[3] - 1);
    expect(ink[3]).toBeLessThanOrEqual((placement.y + placement.height) * page.height + 1);
    expect(ink[0]).toBeGreaterThanOrEqual(placement.x * page.width - 1);
  });

  it('signs a protected file opened with its password, written without one', async () => {
    const placement = at(2, 0.1, 0.1, 0.3, 0.1);
    const result = await signWith(corpusPath(PROTECTED), { placements: [placement] }, { password: 'view' });
    expect(isEncrypted(result.path)).toBe(false);
    expect(result.report.notices).toContainEqual({ code: 'PASSWORD_REMOVED', fileIndex: 0 });
    expectInBox(pixelsOf(result.path, 1), placement, isRed);
  });

  it.each([
    ['a picture that was not sent', [at(1, 0.1, 0.1, 0.2, 0.2), at(1, 0.5, 0.5, 0.2, 0.2, 1)], 2],
    ['a page past the end', [at(1, 0.1, 0.1, 0.2, 0.2), at(7, 0.1, 0.1, 0.2, 0.2)], 2],
  ])('refuses a placement on %s, naming it', async (_, placements, item) => {
    const error = await signWith(corpusPath(ROTATED), { placements }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_OPTIONS');
    expect((error as AppError).details).toMatchObject({ option: 'placements', item });
  });

  describe('with a certificate', () => {
    it('adds a PAdES signature pdfsig finds valid, its widget showing the first placement', async () => {
      const certificate = makePkcs12('s3cret pass');
      const placements = [at(2, 0.55, 0.8, 0.35, 0.12), at(3, 0.1, 0.1, 0.2, 0.1)];
      const result = await signWith(
        corpusPath(ROTATED),
        { placements, certificatePassword: 's3cret pass', reason: 'Approved', location: 'Lyon' },
        { certificate },
      );
      expect(result.report.values).toEqual({ pageCount: 6, placements: 2, certified: 'true' });
      const signatures = pdfsig(result.path);
      expect(signatures).toHaveLength(1);
      expect(signatures[0]).toContain('Signature Validation: Signature is Valid.');
      expect(signatures[0]).toContain('Signature Type: ETSI.CAdES.detached');
      expect(signatures[0]).toContain('Signer Certificate Common Name: Quire Test Signer');
      expect(signatures[0]).toContain('Total document signed');
      // The first placement is the signature's widget, drawn upright in its box on the page turned 90°.
      expectInBox(pixelsOf(result.path, 1), placements[0]!, isRed);
      expectInBox(pixelsOf(result.path, 2), placements[1]!, isRed);
      const document = mupdf.Document.openDocument(readFileSync(result.path), 'application/pdf').asPDF()!;
      const widgets = (document.loadPage(1) as mupdf.PDFPage).getWidgets();
      expect(widgets.map((widget) => widget.getObject().get('FT').asName())).toEqual(['Sig']);
      document.destroy();
    });

    it('binds the signer with the ESS signing-certificate-v2 attribute and no signing-time attribute', async () => {
      const certificate = makePkcs12('pw', 'ec');
      const result = await signWith(
        corpusPath(ROTATED),
        { placements: [at(1, 0.1, 0.1, 0.3, 0.1)], certificatePassword: 'pw' },
        { certificate },
      );
      const text = readFileSync(result.path).toString('latin1');
      const hex = /\/Contents\s*<([0-9A-Fa-f]+)>/.exec(
        text.slice(text.lastIndexOf('/ETSI.CAdES.detached') - 2000),
      )![1]!;
      const cms = join(ctx.workDir, 'signature.der');
      writeFileSync(cms, Buffer.from(hex.replace(/(00)+$/, ''), 'hex'));
      const printed = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cms], {
        encoding: 'utf8',
      });
      expect(printed).toContain('id-smime-aa-signingCertificateV2');
      expect(printed).toContain('messageDigest');
      expect(printed).not.toContain('signingTime');
      expect(pdfsig(result.path)[0]).toContain('Signature Validation: Signature is Valid.');
    });

    it('keeps an earlier signature valid when signing again: an incremental update', async () => {
      const first = makePkcs12('one');
      const signedOnce = await signWith(
        corpusPath(ROTATED),
        { placements: [at(1, 0.1, 0.1, 0.3, 0.1)], certificatePassword: 'one' },
        { certificate: first },
      );
      const once = join(ctx.workDir, 'once.pdf');
      writeFileSync(once, readFileSync(signedOnce.path));
      const twice = await signWith(
        once,
        { placements: [at(1, 0.5, 0.8, 0.3, 0.1)], certificatePassword: 'one' },
        { certificate: first },
      );
      const before = readFileSync(once);
      const after = readFileSync(twice.path);
      // The first file, byte for byte, then the update.
      expect(after.subarray(0, before.length).equals(before)).toBe(true);
      const signatures = pdfsig(twice.path);
      expect(signatures).toHaveLength(2);
      for (const signature of signatures)
        expect(signature).toContain('Signature Validation: Signature is Valid.');
      expect(signatures[1]).toContain('Total document signed');
    });

    it('answers a wrong certificate password as PASSWORD_INCORRECT, naming the certificate', async () => {
      const certificate = makePkcs12('right');
      const error = await signWith(
        corpusPath(ROTATED),
        { placements: [at(1, 0.1, 0.1, 0.3, 0.1)], certificatePassword: 'wrong' },
        { certificate },
      ).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('PASSWORD_INCORRECT');
      expect((error as AppError).details).toEqual({ option: 'certificatePassword', fileName: 'signer.p12' });
      expect(JSON.stringify((error as AppError).details) + (error as AppError).message).not.toContain(
        'wrong',
      );
    });

    it('tells an old RC2-encrypted PKCS#12 file from a wrong password', async () => {
      const certificate = makePkcs12('pw');
      const legacy = join(ctx.workDir, 'legacy.p12');
      const pem = join(ctx.workDir, 'legacy.pem');
      writeFileSync(join(ctx.workDir, 'modern.p12'), certificate.bytes);
      execFileSync(
        'openssl',
        ['pkcs12', '-in', join(ctx.workDir, 'modern.p12'), '-passin', 'pass:pw', '-nodes', '-out', pem],
        {
          stdio: 'ignore',
        },
      );
      execFileSync(
        'openssl',
        ['pkcs12', '-export', '-legacy', '-in', pem, '-out', legacy, '-passout', 'pass:pw'],
        {
          stdio: 'ignore',
        },
      );
      const error = await signWith(
        corpusPath(ROTATED),
        { placements: [at(1, 0.1, 0.1, 0.3, 0.1)], certificatePassword: 'pw' },
        { certificate: { bytes: readFileSync(legacy), name: 'old.p12' } },
      ).then(
        () => null,
        (reason: unknown) => reason,
      );
      expect((error as AppError).code).toBe('INVALID_OPTIONS');
      expect((error as AppError).details).toMatchObject({ option: 'certificate', reason: 'oldCipher' });
    });

    it('signs a protected file after opening it with its password', async () => {
      const certificate = makePkcs12('pw');
      const result = await signWith(
        corpusPath(PROTECTED),
        { placements: [at(1, 0.1, 0.1, 0.3, 0.1)], certificatePassword: 'pw' },
        { certificate, password: 'view' },
      );
      expect(isEncrypted(result.path)).toBe(false);
      expect(pdfsig(result.path)[0]).toContain('Signature Validation: Signature is Valid.');
    });
  });
});
