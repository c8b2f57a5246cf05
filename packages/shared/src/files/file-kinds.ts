/**
 * The kinds of file a tool can accept. Extensions drive the browser's file picker and its first check;
 * the server decides from the bytes (see `sniff-format.ts`).
 */
export const FILE_KINDS = {
  pdf: {
    label: 'PDF',
    typeNames: ['PDF'],
    extensions: ['.pdf'],
    mimeTypes: ['application/pdf'],
    formats: ['pdf'],
  },
  /** Word documents, and the other texts Writer reads: OpenDocument, RTF and plain text. */
  word: {
    label: 'Word',
    typeNames: ['Word', 'ODT', 'RTF', 'TXT'],
    extensions: ['.doc', '.docx', '.odt', '.rtf', '.txt'],
    mimeTypes: [
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.oasis.opendocument.text',
      'application/rtf',
      'text/rtf',
      'text/plain',
    ],
    formats: ['ole', 'zip', 'text'],
  },
  spreadsheet: {
    label: 'Excel',
    typeNames: ['Excel', 'ODS', 'CSV'],
    extensions: ['.xlsx', '.xls', '.ods', '.csv'],
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.ms-excel',
      'application/vnd.oasis.opendocument.spreadsheet',
      'text/csv',
    ],
    formats: ['ole', 'zip', 'text'],
  },
  /** Presentations and slide shows: PowerPoint's formats and OpenDocument's. */
  presentation: {
    label: 'PowerPoint',
    typeNames: ['PowerPoint', 'ODP'],
    extensions: ['.pptx', '.ppt', '.ppsx', '.odp'],
    mimeTypes: [
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
      'application/vnd.oasis.opendocument.presentation',
    ],
    formats: ['ole', 'zip'],
  },
  /**
   * A web page: one HTML file, or a zip of a page's folder (its `index.html` with its pictures, styles, scripts and
   * fonts). HTML may start with text rather than a tag, and UTF-16 pages read as text: both formats are taken.
   */
  html: {
    label: 'HTML',
    typeNames: ['HTML', 'ZIP'],
    extensions: ['.html', '.htm', '.zip'],
    mimeTypes: ['text/html', 'application/zip', 'application/x-zip-compressed'],
    formats: ['markup', 'text', 'zip'],
  },
  /**
   * Pictures of every format JPG to PDF reads: JPG and PNG, and those Debian's libraries decode (libvips: WebP,
   * TIFF, GIF, AVIF; MuPDF: BMP; libheif with libde265: HEIC). Its label names them all, in no language's words.
   */
  image: {
    label: 'JPG/PNG/WebP/TIFF/GIF/BMP/HEIC/AVIF',
    typeNames: ['JPG', 'PNG', 'WebP', 'TIFF', 'GIF', 'BMP', 'HEIC', 'AVIF'],
    extensions: [
      '.jpg',
      '.jpeg',
      '.png',
      '.webp',
      '.tif',
      '.tiff',
      '.gif',
      '.bmp',
      '.heic',
      '.heif',
      '.avif',
    ],
    mimeTypes: [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/tiff',
      'image/gif',
      'image/bmp',
      'image/heic',
      'image/heif',
      'image/avif',
    ],
    formats: ['jpeg', 'png', 'webp', 'tiff', 'gif', 'bmp', 'heif'],
  },
  /**
   * A picture drawn on pages (Watermark's image, Sign PDF's signatures): JPG or PNG only, which the page shows as
   * it is while placing it. Never a file's kind by its name (`kindOfFileName` finds `image` first).
   */
  stampImage: {
    label: 'JPG',
    typeNames: ['JPG', 'PNG'],
    extensions: ['.jpg', '.jpeg', '.png'],
    mimeTypes: ['image/jpeg', 'image/png'],
    formats: ['jpeg', 'png'],
  },
} as const satisfies Record<string, FileKindSpec>;

export type FileKind = keyof typeof FILE_KINDS;

/**
 * A container format recognised from a file's first bytes; `text` is plain text that is not markup (a CSV, an RTF
 * or a text file), told apart further by the tool's engine; `markup` is text that starts with a tag (HTML, XML).
 */
export type SniffedFormat =
  | 'pdf'
  | 'jpeg'
  | 'png'
  | 'zip'
  | 'ole'
  | 'text'
  | 'markup'
  | 'webp'
  | 'tiff'
  | 'gif'
  | 'bmp'
  /** HEIC, HEIF or AVIF (one container). */
  | 'heif';

type FileKindSpec = {
  label: string;
  /** The names a visitor knows the kind's formats by, the same in every language (`JPG` and `PNG` for images). */
  typeNames: readonly string[];
  extensions: readonly string[];
  mimeTypes: readonly string[];
  formats: readonly SniffedFormat[];
};

export function extensionsOf(kinds: readonly FileKind[]): string[] {
  return kinds.flatMap((kind) => [...FILE_KINDS[kind].extensions]);
}

/** The value for an `<input type="file" accept>` attribute. */
export function acceptAttributeOf(kinds: readonly FileKind[]): string {
  return kinds.flatMap((kind) => [...FILE_KINDS[kind].extensions, ...FILE_KINDS[kind].mimeTypes]).join(',');
}

export function kindOfFormat(format: SniffedFormat, allowed: readonly FileKind[]): FileKind | null {
  return (
    allowed.find((kind) => (FILE_KINDS[kind].formats as readonly SniffedFormat[]).includes(format)) ?? null
  );
}

/** True when a file name ends in one of the kinds' extensions (case-insensitive). */
export function hasAcceptedExtension(fileName: string, kinds: readonly FileKind[]): boolean {
  const lower = fileName.toLowerCase();
  return extensionsOf(kinds).some((extension) => lower.endsWith(extension));
}

/** The kind a file's name says it is (by its extension, case-insensitive), or null for a name no kind has. */
export function kindOfFileName(fileName: string): FileKind | null {
  const kinds = Object.keys(FILE_KINDS) as FileKind[];
  return kinds.find((kind) => hasAcceptedExtension(fileName, [kind])) ?? null;
}
