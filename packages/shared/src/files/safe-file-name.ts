/** Longest file name given out (a download, a zip entry), in UTF-8 bytes: Windows and zip tools choke on more. */
export const MAX_FILE_NAME_BYTES = 150;
/** An extension longer than this is part of the name (`notes.from the meeting`), not a type to keep. */
const MAX_EXTENSION_CHARS = 10;
/** Device names Windows will not create a file under, whatever the extension (`con.pdf`, `LPT1.jpg`). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** Bidirectional controls, which can make `report‮fdp.exe` read as a PDF: removed. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Control characters and the characters Windows refuses in names: each becomes `_`. */
// eslint-disable-next-line no-control-regex -- control characters never belong in a file name
const FORBIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f<>:"|?*]/g;

/**
 * A file name safe to give out on every system, keeping the visitor's Unicode: the last path segment (split on `/`
 * and `\`), NFC, without bidirectional controls, control characters and `<>:"|?*` made `_`, no leading or trailing
 * dots and spaces, never a Windows device name (`_CON.pdf`), at most `MAX_FILE_NAME_BYTES` with the extension kept
 * (the stem is cut); `fallback` when nothing is left. The server and the site name every result through it.
 */
export function safeFileName(raw: string, fallback: string): string {
  const cleaned = cleanSegment(raw);
  if (cleaned === '') return fallback;
  const { stem, extension } = splitExtension(cleaned);
  const fitted = fitFileName(stem, extension);
  if (fitted === null) return fallback;
  return WINDOWS_RESERVED.test(fitted) ? `_${fitted}` : fitted;
}

/** `stem` + ` (copy)` + extension within the byte limit: the n-th file of the same name (`a.pdf`, `a (2).pdf`). */
export function numberedFileName(name: string, copy: number): string {
  const { stem, extension } = splitExtension(name);
  return fitFileName(stem, ` (${copy})${extension}`) ?? `${copy}${extension}`;
}

/** A name's stem and extension (with its dot); a leading dot (`.pdf`) or a long tail is no extension. */
export function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0 && name.length - dot <= MAX_EXTENSION_CHARS;
  return hasExtension
    ? { stem: name.slice(0, dot), extension: name.slice(dot) }
    : { stem: name, extension: '' };
}

/**
 * The last segment of a name, cleaned of the characters `safeFileName` refuses and of leading and trailing dots and
 * spaces (its length and a device name are for the whole name to check: `CON-p1.pdf` is a fine name).
 */
export function cleanSegment(raw: string): string {
  return (raw.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(BIDI_CONTROLS, '')
    .replace(FORBIDDEN_CHARS, '_')
    .trim()
    .replace(/^[. ]+|[. ]+$/g, '');
}

/**
 * `stem + tail` within `maxBytes` of UTF-8, cutting whole characters from the stem's end (never from the tail:
 * page numbers and the extension stay); null when no character of the stem is left.
 */
export function fitFileName(stem: string, tail: string, maxBytes = MAX_FILE_NAME_BYTES): string | null {
  const cut = cutToBytes(stem, maxBytes - utf8Bytes(tail))
    // A cut may leave a trailing dot or space, which Windows drops from names.
    .replace(/[. ]+$/, '');
  return cut === '' ? null : `${cut}${tail}`;
}

/** The longest start of `text` of at most `maxBytes` of UTF-8, without splitting a character. */
export function cutToBytes(text: string, maxBytes: number): string {
  if (utf8Bytes(text) <= maxBytes) return text;
  let result = '';
  let bytes = 0;
  for (const char of text) {
    bytes += utf8Bytes(char);
    if (bytes > maxBytes) break;
    result += char;
  }
  return result;
}

/** Bytes of `text` in UTF-8, counted by code point (shared code has neither `TextEncoder` nor `Buffer`). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}
