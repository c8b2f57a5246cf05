import { createPrivateKey, createPublicKey, webcrypto, type KeyObject } from 'node:crypto';
import { AppError } from '@quire/shared';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SecretInputFile } from '../ops/types.ts';

/** A signer's key and certificates, read from a PKCS#12 file: held in memory only, for one job. */
export type SigningKey = {
  readonly privateKey: KeyObject;
  /** The certificate of `privateKey`'s public key. */
  readonly certificate: pkijs.Certificate;
  /** Its DER bytes, which the signature's signing-certificate attribute hashes. */
  readonly certificateDer: Uint8Array;
  /** Every certificate of the file, the signer's first: the chain a verifier may need. */
  readonly chainDer: readonly Uint8Array[];
  /** The certificate subject's common name, for the signature's /Name; empty when it has none. */
  readonly signerName: string;
};

const OID = {
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  commonName: '2.5.4.3',
} as const;

pkijs.setEngine('node-webcrypto', new pkijs.CryptoEngine({ name: 'node-webcrypto', crypto: webcrypto }));

/**
 * Opens a PKCS#12 file (`.p12`, `.pfx`) with its password (none: the empty one) and finds the key to sign with and
 * its certificate. Its integrity (the MAC) is checked with the password first, so a wrong password is answered as
 * one: `PASSWORD_INCORRECT` naming the file, 422. A file that is not PKCS#12 is `INVALID_FILE_TYPE`; one without a
 * key and its certificate, or whose key cannot sign PDFs here (neither RSA nor ECDSA), `INVALID_OPTIONS`. Nothing of
 * the file or its password reaches a message.
 */
export async function readPkcs12(file: SecretInputFile, password: string | undefined): Promise<SigningKey> {
  const details = { option: 'certificate', fileName: file.name };
  const pfx = parsePfx(file);
  const passwordBytes = toArrayBuffer(new TextEncoder().encode(password ?? ''));
  try {
    await pfx.parseInternalValues({ password: passwordBytes, checkIntegrity: pfx.macData !== undefined });
  } catch {
    throw wrongPassword(file.name);
  }
  const safe = pfx.parsedValue?.authenticatedSafe;
  if (!safe) throw notPkcs12(file.name);
  try {
    await safe.parseInternalValues({
      safeContents: safe.safeContents.map(() => ({ password: passwordBytes })),
    });
  } catch {
    // With a MAC the password was right: what fails is a cipher WebCrypto lacks (RC2, of older exports).
    if (pfx.macData === undefined) throw wrongPassword(file.name);
    throw new AppError(
      'INVALID_OPTIONS',
      `"${file.name}" is encrypted with an old cipher (RC2) that cannot be read here: export it again with AES (OpenSSL 3's default) and try again.`,
      { ...details, reason: 'oldCipher' },
    );
  }
  const bags = (safe.parsedValue as { safeContents: { value: pkijs.SafeContents }[] }).safeContents.flatMap(
    (content) => content.value.safeBags,
  );
  const keys = bags.flatMap((bag) => {
    const key = readKeyBag(bag, password ?? '');
    return key ? [key] : [];
  });
  const certificates = bags.flatMap((bag) => {
    if (bag.bagId !== OID.certBag) return [];
    const certBag = bag.bagValue as pkijs.CertBag;
    if (certBag.certId !== OID.x509Certificate) return [];
    const parsed = certBag.parsedValue as pkijs.Certificate | undefined;
    return parsed instanceof pkijs.Certificate ? [parsed] : [];
  });
  for (const privateKey of keys) {
    if (privateKey.asymmetricKeyType !== 'rsa' && privateKey.asymmetricKeyType !== 'ec') continue;
    const publicDer = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
    const certificate = certificates.find((candidate) =>
      Buffer.from(candidate.subjectPublicKeyInfo.toSchema().toBER()).equals(publicDer),
    );
    if (!certificate) continue;
    const certificateDer = new Uint8Array(certificate.toSchema().toBER());
    const others = certificates.filter((other) => other !== certificate);
    return {
      privateKey,
      certificate,
      certificateDer,
      chainDer: [certificateDer, ...others.map((other) => new Uint8Array(other.toSchema().toBER()))],
      signerName: commonNameOf(certificate),
    };
  }
  throw new AppError(
    'INVALID_OPTIONS',
    `"${file.name}" holds no RSA or ECDSA key with its certificate: export the certificate with its private key.`,
    { ...details, reason: 'noKey' },
  );
}

function parsePfx(file: SecretInputFile): pkijs.PFX {
  try {
    const read = asn1js.fromBER(toArrayBuffer(file.bytes));
    if (read.offset === -1) throw new Error('not DER');
    return new pkijs.PFX({ schema: read.result });
  } catch {
    throw notPkcs12(file.name);
  }
}

/** A bag's private key: a plain one, or a shrouded one opened with the password (by OpenSSL, through Node). */
function readKeyBag(bag: pkijs.SafeBag, password: string): KeyObject | null {
  try {
    if (bag.bagId === OID.keyBag) {
      const der = Buffer.from((bag.bagValue as pkijs.PrivateKeyInfo).toSchema().toBER());
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
    }
    if (bag.bagId === OID.shroudedKeyBag) {
      const der = Buffer.from((bag.bagValue as pkijs.PKCS8ShroudedKeyBag).toSchema().toBER());
      return createPrivateKey({ key: der, format: 'der', type: 'pkcs8', passphrase: password });
    }
  } catch {
    // A key that does not open: the file's MAC took the password, so it is a kind OpenSSL does not read.
    return null;
  }
  return null;
}

function commonNameOf(certificate: pkijs.Certificate): string {
  const name = certificate.subject.typesAndValues.find((entry) => entry.type === OID.commonName);
  const value = name?.value.valueBlock as { value?: unknown } | undefined;
  return typeof value?.value === 'string' ? value.value : '';
}

function wrongPassword(fileName: string): AppError {
  return new AppError(
    'PASSWORD_INCORRECT',
    `The password for the certificate "${fileName}" is not correct.`,
    {
      option: 'certificatePassword',
      fileName,
    },
  );
}

function notPkcs12(fileName: string): AppError {
  return new AppError('INVALID_FILE_TYPE', `"${fileName}" is not a PKCS#12 (.p12, .pfx) certificate file.`, {
    fileName,
    accepted: 'PKCS#12 (.p12, .pfx)',
  });
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
