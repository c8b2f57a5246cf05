import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusPath } from '@quire/corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartOf, waitForNoLeftovers, type TestApp } from '@quire/test-kit/test-app';

// Sign PDF's upload: a PDF, its pictures in numbered fields (`image-0`, `image-1`, …) and, for a certificate
// signature, a PKCS#12 file (`certificate`) that the server keeps in memory, never in the job's directory.

const SIX_PAGES = 'pdf/pdfbox_rotations-90-180-270_6p.pdf';
const PNG = 'images/docxjs_tux_png-rgba-alpha.png';
const PASSWORD = 'correct horse 7';

let testApp: TestApp;
let work: string;
const logLines: string[] = [];
let certificate: Buffer;

beforeAll(async () => {
  testApp = await createTestApp(
    undefined,
    { LOG_LEVEL: 'info' },
    { logStream: { write: (line) => logLines.push(line) } },
  );
  work = await mkdtemp(join(tmpdir(), 'quire-sign-test-'));
  const [key, cert, p12] = ['key.pem', 'cert.pem', 'signer.p12'].map((name) => join(work, name));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key!,
      '-out',
      cert!,
      '-days',
      '30',
      '-subj',
      '/CN=Upload Signer',
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', key!, '-in', cert!, '-out', p12!, '-passout', `pass:${PASSWORD}`],
    {
      stdio: 'ignore',
    },
  );
  certificate = await readFile(p12!);
});
afterAll(async () => {
  await testApp.close();
  await rm(work, { recursive: true, force: true });
});

async function fileOf(name: string): Promise<File> {
  return new File([await readFile(corpusPath(name))], name.split('/').pop() ?? name);
}

async function postSign(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [field, value] of entries) form.append(field, value);
  return testApp.app.inject({ method: 'POST', url: '/api/pdf/sign', ...(await multipartOf(form)) });
}

function errorOf(response: { statusCode: number; json: () => unknown }) {
  return { status: response.statusCode, ...(response.json() as { error: object }).error };
}

const placementsOf = (...items: object[]) => JSON.stringify(items);

/** Every file under the job root and its bytes, read now. */
async function jobFiles(): Promise<{ name: string; bytes: Buffer }[]> {
  const entries = await readdir(testApp.jobRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { name: entry.name, bytes: await readFile(path).catch(() => Buffer.alloc(0)) };
      }),
  );
  return files;
}

describe('POST /api/pdf/sign', () => {
  it('draws the numbered pictures where the placements put them', async () => {
    const response = await postSign([
      ['file', await fileOf(SIX_PAGES)],
      ['image-0', await fileOf(PNG)],
      ['image-1', new File([await readFile(corpusPath(PNG))], 'initials.png')],
      [
        'placements',
        placementsOf(
          { page: 2, x: 0.6, y: 0.8, width: 0.3, height: 0.1, image: 0 },
          { page: 4, x: 0.1, y: 0.1, width: 0.2, height: 0.1, image: 1 },
        ),
      ],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-signatures-placed']).toBe('2');
    expect(response.headers['x-certificate-signed']).toBe('false');
    const output = join(work, 'signed.pdf');
    await writeFile(output, response.rawPayload);
    const pages = execFileSync('pdfimages', ['-list', output], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .flatMap((line) => /^\s*(\d+)\s+\d+\s+image\s/.exec(line)?.[1] ?? []);
    expect(pages).toEqual(['2', '4']);
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it.each([
    [
      'a picture that was not sent',
      placementsOf(
        { page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1 },
        { page: 1, x: 0.5, y: 0.5, width: 0.2, height: 0.1, image: 1 },
      ),
      { option: 'placements', item: 2, reason: 'noImage' },
    ],
    [
      'a box past its page',
      placementsOf({ page: 1, x: 0.9, y: 0.1, width: 0.2, height: 0.1 }),
      { option: 'placements', item: 1, reason: 'outside' },
    ],
    ['no placement', '[]', { option: 'placements', reason: 'required' }],
  ])('refuses %s before any work, naming the item', async (_, placements, details) => {
    const response = await postSign([
      ['file', await fileOf(SIX_PAGES)],
      ['image-0', await fileOf(PNG)],
      ['placements', placements],
    ]);
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'INVALID_OPTIONS', details });
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it('signs with a certificate kept in memory: no file of the job, no log line holds it or its password', async () => {
    logLines.length = 0;
    const seen = new Set<string>();
    let holdsSecret = false;
    let isSending = true;
    const watching = (async () => {
      while (isSending) {
        for (const file of await jobFiles()) {
          seen.add(file.name);
          if (file.bytes.includes(certificate) || file.bytes.includes(Buffer.from(PASSWORD)))
            holdsSecret = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const response = await postSign([
      ['file', await fileOf(SIX_PAGES)],
      ['image-0', await fileOf(PNG)],
      ['certificate', new File([certificate], 'signer.p12')],
      ['certificatePassword', PASSWORD],
      ['reason', 'Approved'],
      ['placements', placementsOf({ page: 1, x: 0.6, y: 0.8, width: 0.3, height: 0.1 })],
    ]);
    isSending = false;
    await watching;
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-certificate-signed']).toBe('true');
    // The watch saw the job's own uploads in its directory, where a stored certificate would have been beside them.
    expect([...seen]).toEqual(expect.arrayContaining(['input-0', 'input-image-0']));
    expect(holdsSecret).toBe(false);
    const output = join(work, 'certified.pdf');
    await writeFile(output, response.rawPayload);
    expect(execFileSync('pdfsig', [output], { encoding: 'utf8' })).toContain('Signature is Valid.');
    const logs = logLines.join('\n');
    expect(logs).not.toContain(PASSWORD);
    expect(logs).not.toContain(certificate.subarray(0, 64).toString('base64'));
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it('answers a wrong certificate password 422 PASSWORD_INCORRECT, naming the certificate, not the password', async () => {
    const response = await postSign([
      ['file', await fileOf(SIX_PAGES)],
      ['image-0', await fileOf(PNG)],
      ['certificate', new File([certificate], 'signer.p12')],
      ['certificatePassword', 'not the password'],
      ['placements', placementsOf({ page: 1, x: 0.6, y: 0.8, width: 0.3, height: 0.1 })],
    ]);
    expect(errorOf(response)).toMatchObject({
      status: 422,
      code: 'PASSWORD_INCORRECT',
      details: { option: 'certificatePassword', fileName: 'signer.p12' },
    });
    expect(response.body).not.toContain('not the password');
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });

  it('refuses a certificate that is not PKCS#12 as its type', async () => {
    const response = await postSign([
      ['file', await fileOf(SIX_PAGES)],
      ['image-0', await fileOf(PNG)],
      ['certificate', await fileOf(PNG)],
      ['placements', placementsOf({ page: 1, x: 0.6, y: 0.8, width: 0.3, height: 0.1 })],
    ]);
    expect(errorOf(response)).toMatchObject({ status: 415, code: 'INVALID_FILE_TYPE' });
    expect(await waitForNoLeftovers(testApp)).toEqual([]);
  });
});
