import { safeFileName } from '@quire/shared';

/** Longest file name kept, in UTF-8 bytes; longer names are cut (Windows and zip tools choke on long names). */
const MAX_NAME_BYTES = 150;

/**
 * The visitor's file name reduced to something safe to show, log-free and put in messages: the last path segment
 * (split on `/` and `\`), NFC, without control or bidi-override characters, at most 150 bytes.
 */
export function sanitizeFileName(raw: string | undefined, fallback: string): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return fallback;
  return truncateUtf8(cleaned, MAX_NAME_BYTES);
}

function truncateUtf8(value: string, maxBytes: number): string {
  const encoder = new TextEncoder();
  if (encoder.encode(value).length <= maxBytes) return value;
  let result = '';
  for (const char of value) {
    if (encoder.encode(result + char).length > maxBytes) break;
    result += char;
  }
  return result;
}

/**
 * A `Content-Disposition: attachment` value for a result's name, made safe first (`safeFileName`, shared with the
 * site). A name of plain ASCII is sent as it is; any other gets an ASCII `filename` (accents dropped, other
 * characters `_`) for old clients and the exact name in `filename*` (RFC 6266, RFC 8187), so that no name can break
 * the header or be refused by Node.
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName, 'download');
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  if (ascii === name) return `attachment; filename="${name}"`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
