/** The office tools' families: which LibreOffice application reads them and which formats each takes. */
export type OfficeFamily = 'word' | 'spreadsheet' | 'presentation';

/** A format told apart by its bytes; also the extension of the name LibreOffice gets (`input.<format>`). */
export type OfficeFormat =
  'docx' | 'doc' | 'odt' | 'rtf' | 'txt' | 'xlsx' | 'xls' | 'ods' | 'csv' | 'pptx' | 'ppt' | 'ppsx' | 'odp';

type FamilySpec = {
  /** What a visitor calls these files, for "is not a … document" messages. */
  readonly noun: string;
  /** The formats the family's tool takes, as the visitor knows them (for messages). */
  readonly extensions: string;
  /** LibreOffice's PDF export filter of the family's application. */
  readonly pdfFilter: 'writer_pdf_Export' | 'calc_pdf_Export' | 'impress_pdf_Export';
  /** The formats of the family's tool. */
  readonly formats: readonly OfficeFormat[];
};

export const OFFICE_FAMILIES: Readonly<Record<OfficeFamily, FamilySpec>> = {
  word: {
    noun: 'Word document',
    extensions: '.docx, .doc, .odt, .rtf or .txt',
    pdfFilter: 'writer_pdf_Export',
    formats: ['docx', 'doc', 'odt', 'rtf', 'txt'],
  },
  spreadsheet: {
    noun: 'spreadsheet',
    extensions: '.xlsx, .xls, .ods or .csv',
    pdfFilter: 'calc_pdf_Export',
    formats: ['xlsx', 'xls', 'ods', 'csv'],
  },
  presentation: {
    noun: 'presentation',
    extensions: '.pptx, .ppt, .ppsx or .odp',
    pdfFilter: 'impress_pdf_Export',
    formats: ['pptx', 'ppt', 'ppsx', 'odp'],
  },
};

/**
 * How LibreOffice is told to read an input whose type it would otherwise guess: plain text, whose encoding (and a
 * CSV's separator) Quire decided (`text-input.ts`). `filter` is the import filter's name, `options` its option string.
 */
export type LoadFilter = { readonly filter: string; readonly options: string };

/** One conversion as the warm instance and the cold fallback carry it out. */
export type OfficeConversion = {
  /** The detected format: the input is given to LibreOffice as `input.<format>`. */
  readonly format: OfficeFormat;
  readonly pdfFilter: FamilySpec['pdfFilter'];
  readonly loadFilter?: LoadFilter | undefined;
  /** Spreadsheets: scale each sheet's page style to one page wide (rows run on as many pages as they need). */
  readonly fitWidth?: boolean | undefined;
  /**
   * A CSV's one sheet is named after the file LibreOffice reads (`input`), and the default page style prints that
   * name at the top of every page: it is renamed to this (the visitor's file name without its extension) in the
   * open document, so no file is ever given the visitor's name.
   */
  readonly sheetName?: string | undefined;
};
