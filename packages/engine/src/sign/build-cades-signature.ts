import { createHash, sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { SigningKey } from './read-pkcs12.ts';

const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256WithRsa: '1.2.840.113549.1.1.11',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** Room left in a signature's placeholder beyond the size measured: an ECDSA signature's length varies a little. */
const SPARE_BYTES = 64;

/**
 * How many bytes a signature of this key takes (`buildCadesSignature`), with room to spare: the size of the
 * signature's /Contents placeholder, measured by signing an empty digest once.
 */
export function cadesSignatureBytes(key: SigningKey): number {
  return buildCadesSignature(key, new Uint8Array(32)).length + SPARE_BYTES;
}

/**
 * A CAdES detached signature of a PDF's signed bytes, as PAdES baseline B-B asks (ETSI EN 319 142-1): CMS
 * SignedData without content, SHA-256, its signed attributes the content type, the message digest (`digest`: the
 * SHA-256 of the byte ranges) and the ESS signing-certificate-v2 that binds the signer's certificate; no
 * signing-time attribute (the time is the signature dictionary's /M). The certificates of the file travel with it.
 */
export function buildCadesSignature(key: SigningKey, digest: Uint8Array): Uint8Array {
  const issuer = key.certificate.issuer.toSchema();
  const serial = copyOf(key.certificate.serialNumber);
  const attributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: toArrayBuffer(digest) })),
    attribute(OID.signingCertificateV2, signingCertificateV2(key, issuer, serial)),
  ]
    .map((item) => new Uint8Array(item.toBER()))
    // DER orders a SET OF by its members' encodings.
    .sort(compareBytes)
    .map((bytes) => asn1js.fromBER(toArrayBuffer(bytes)).result);
  const signedAttributes = new asn1js.Set({ value: attributes }).toBER();
  const isRsa = key.privateKey.asymmetricKeyType === 'rsa';
  const signature = sign('sha256', new Uint8Array(signedAttributes), key.privateKey);

  const signerInfo = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 1 }),
      new asn1js.Sequence({ value: [copyOf(issuer), copyOf(serial)] }),
      algorithm(OID.sha256, false),
      new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: attributes }),
      isRsa ? algorithm(OID.sha256WithRsa, true) : algorithm(OID.ecdsaWithSha256, false),
      new asn1js.OctetString({ valueHex: toArrayBuffer(signature) }),
    ],
  });
  const signedData = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 1 }),
      new asn1js.Set({ value: [algorithm(OID.sha256, false)] }),
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: key.chainDer.map((der) => asn1js.fromBER(toArrayBuffer(der)).result),
      }),
      new asn1js.Set({ value: [signerInfo] }),
    ],
  });
  const contentInfo = new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: OID.signedData }),
      new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [signedData] }),
    ],
  });
  return new Uint8Array(contentInfo.toBER());
}

/**
 * SigningCertificateV2 (RFC 5035): one ESSCertIDv2 of the signer's certificate, its hash SHA-256 (the default, so
 * left out) and its issuer and serial number.
 */
function signingCertificateV2(
  key: SigningKey,
  issuer: asn1js.AsnType,
  serial: asn1js.AsnType,
): asn1js.Sequence {
  const hash = createHash('sha256').update(key.certificateDer).digest();
  const issuerSerial = new asn1js.Sequence({
    value: [
      // GeneralNames holding the issuer as a directoryName, [4].
      new asn1js.Sequence({
        value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [copyOf(issuer)] })],
      }),
      copyOf(serial),
    ],
  });
  const certId = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: toArrayBuffer(hash) }), issuerSerial],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [certId] })] });
}

function attribute(type: string, value: asn1js.AsnType): asn1js.Sequence {
  return new asn1js.Sequence({
    value: [new asn1js.ObjectIdentifier({ value: type }), new asn1js.Set({ value: [value] })],
  });
}

function algorithm(oid: string, hasNullParameters: boolean): asn1js.Sequence {
  return new asn1js.Sequence({
    value: [new asn1js.ObjectIdentifier({ value: oid }), ...(hasNullParameters ? [new asn1js.Null()] : [])],
  });
}

/** A fresh copy of an ASN.1 value, so that one value is never the child of two structures. */
function copyOf(value: asn1js.AsnType): asn1js.AsnType {
  return asn1js.fromBER(value.toBER()).result;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
