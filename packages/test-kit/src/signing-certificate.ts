import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * A PKCS#12 file (`signer.p12` in `folder`) of a new self-signed RSA certificate made by OpenSSL for `subject`
 * (`/CN=…`), its key and certificate locked with `password`: what a visitor signs with in Sign PDF's tests and bench.
 */
export function makePkcs12(folder: string, password: string, subject: string): string {
  const key = join(folder, 'key.pem');
  const certificate = join(folder, 'cert.pem');
  const p12 = join(folder, 'signer.p12');
  const options = { stdio: 'ignore' } as const;
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      certificate,
      '-days',
      '30',
    ].concat(['-subj', subject]),
    options,
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-inkey', key, '-in', certificate, '-out', p12, '-passout', `pass:${password}`],
    options,
  );
  return p12;
}
