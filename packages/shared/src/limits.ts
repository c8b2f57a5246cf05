/**
 * Every limit Quire enforces, in bytes, milliseconds or counts. The upload widget, the server, the FAQ and the
 * API docs all read these values; nothing else may hold a limit.
 */
const MEBIBYTE = 1024 * 1024;

/** Largest single uploaded file, for every tool unless the registry says less (spec A.5). */
export const MAX_FILE_BYTES = 100 * MEBIBYTE;
/** Largest image for the JPG to PDF tool (spec A.5). */
export const MAX_IMAGE_FILE_BYTES = 50 * MEBIBYTE;
/** Largest request: every file and field together (spec A.5). */
export const MAX_REQUEST_BYTES = 500 * MEBIBYTE;
/** Most files one merge accepts (spec section 9). */
export const MAX_MERGE_FILES = 10;
/** Most images one JPG to PDF conversion accepts (spec A.5). */
export const MAX_IMAGE_FILES = 50;
/**
 * Most pages one JPG to PDF conversion makes: its images' pages together, a multi-page TIFF (a scanned document,
 * a fax) giving one page each. Each page is decoded and written in turn; the job's time budget bounds the rest.
 */
export const MAX_IMAGE_PAGES = 500;
/** Most signature pictures one Sign PDF request carries (`image-0` … `image-9`): a few hands, initials, stamps. */
export const MAX_SIGNATURE_IMAGES = 10;
/** Largest signature picture: a drawn or scanned signature is tens of kilobytes; a photographed one a few megabytes. */
export const MAX_SIGNATURE_IMAGE_BYTES = 10 * MEBIBYTE;
/**
 * Largest PKCS#12 certificate file (Sign PDF's `certificate`), held in the job's memory only: a key and a chain of
 * certificates are a few kilobytes.
 */
export const MAX_CERTIFICATE_BYTES = 256 * 1024;
/**
 * Largest image, in pixels, the JPG to PDF tool decodes: read from the header before any decoding, so a small file
 * that claims a huge raster (a pixel bomb, hardening item 47) is refused instead of allocating gigabytes.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * HTML to PDF: the largest upload (one page, or a zip of a page's folder with its pictures, styles and fonts), the
 * most files a zip may hold, the largest file of one and what all its files unpack to together. A zip past any of
 * them is refused from its directory, before anything is unpacked.
 */
export const MAX_HTML_FILE_BYTES = 50 * MEBIBYTE;
export const MAX_HTML_ZIP_ENTRIES = 2_000;
export const MAX_HTML_ZIP_ENTRY_BYTES = 50 * MEBIBYTE;
export const MAX_HTML_ZIP_TOTAL_BYTES = 200 * MEBIBYTE;
/** Most pages one HTML to PDF conversion makes: a page that would print to more is refused, not cut. */
export const MAX_HTML_PAGES = 200;
/**
 * How long a page may take to load in HTML to PDF (its document, files and scripts up to the load event, then its
 * fonts): a script that runs without end stops the conversion with `HTML_LOAD_TIMEOUT`, not at the job's limit.
 */
export const HTML_LOAD_TIMEOUT_MS = 20_000;

/** Most non-file fields in one request, and the longest value of each. */
export const MAX_FIELDS = 64;
export const MAX_FIELD_BYTES = 4 * 1024;
/** Most parts (files and fields) in one request. */
export const MAX_PARTS = 128;
/**
 * Longest password sent with a PDF, in characters (Unicode code points). PDF itself uses at most 127 bytes of one
 * (AES-256; 32 for RC4), so this only bounds what the engines are handed.
 */
export const MAX_PASSWORD_CHARS = 1024;

/** Most pages one document may have for page-assembly tools (merge, split, rotate). */
export const MAX_PAGES = 2000;
/** Most pages one document may have for tools that rasterise every page (PDF to JPG). */
export const MAX_RENDER_PAGES = 300;
/** Most pages one document may have for tools that convert every page's layout (PDF to Word). */
export const MAX_CONVERT_PAGES = 500;
/**
 * Most pages one document may have for OCR. Reading a page takes 1.5–3 s of one core (5 s for Chinese), and a job
 * reads two at a time: 100 scanned pages are 1.5 to 4 minutes of two cores, a chapter or a thick contract. A larger
 * scan is split first, so that no visitor holds the OCR lane for a quarter of an hour.
 */
export const MAX_OCR_PAGES = 100;
/**
 * Most entries of a page tree, other than pages, that are read while counting a document's pages: the tree's
 * inner nodes and anything in a /Kids array that is not a page. Pages are counted from the tree itself, never from
 * its /Count, and counting stops at this many other entries (a tree 10,000 levels deep, a /Kids array of a million
 * nulls), so counting costs at most `MAX_PAGES` + this many steps. A 2,000-page document usually needs a few
 * hundred.
 */
export const MAX_PAGE_TREE_NODES = 5_000;

/**
 * Deepest bookmark level kept when merging; deeper bookmarks are kept one after another at this level. Real
 * documents stop near 10 (Word has 9 heading levels, LaTeX 7 sectioning levels); MuPDF reads bookmarks
 * recursively and its WebAssembly stack gives out past about 2,000 levels, which kills the thread it runs in.
 */
export const MAX_OUTLINE_DEPTH = 64;
/** Most bookmarks kept from one file when merging; the rest are left out (large manuals have a few thousand). */
export const MAX_OUTLINE_ITEMS = 20_000;
/**
 * Deepest and largest name tree of named destinations a merge resolves links through; past either, that file's
 * named destinations are not resolved (MuPDF descends the tree recursively and a few hundred levels never return).
 * Real trees are a few levels deep.
 */
export const MAX_NAME_TREE_DEPTH = 32;
export const MAX_NAME_TREE_NODES = 50_000;

/**
 * Slow clients (hardening items 9 and 10): a request's headers must all arrive within `HEADERS_TIMEOUT_MS`
 * (slowloris), and the whole request, body included, within `REQUEST_TIMEOUT_MS` (slow bodies: 500 MB at under
 * 1 MB/s still fits). Past either the connection gets 408 and is closed. The operator may set both.
 */
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 10 * 60_000;
/** Most connections held open at once; more are refused by the kernel's accept queue, not by a crash. */
export const MAX_CONNECTIONS = 1024;

/** Wall-clock limit of one document job, unless a tool sets its own. */
export const JOB_TIMEOUT_MS = 60_000;
/**
 * OCR's time grows with the pages: a minute for the document, and this much for each of its pages (two pages are
 * read at a time, so a busy machine's 20 s a page fits twice over). The tool's limit is that of `MAX_OCR_PAGES`.
 */
export const OCR_PAGE_TIMEOUT_MS = 20_000;
/**
 * PDF to Word's time grows with the pages too: two minutes for the document, and this much for each of its pages
 * (about four times the 350 ms of one core a page that `npm run bench work-estimates` measures, for a busy machine
 * and a long job's low priority), besides `OCR_PAGE_TIMEOUT_MS` for each scanned page it reads. The tool's limit is
 * that of `MAX_CONVERT_PAGES` pages, `MAX_OCR_PAGES` of them scanned.
 */
export const CONVERT_PAGE_TIMEOUT_MS = 1_500;
/**
 * PDF to PNG's time grows with the pixels it draws: poppler's PNG writer deflates each megapixel in about 150 ms of
 * one core (11 times its JPEG writer; cairo's transparent pages 16 times), so two minutes for the document and this
 * much for each megapixel (a busy machine's and a long job's low priority, twice over). The tool's limit is that of
 * `MAX_RENDER_PAGES` pages of `PNG_PAGE_MEGAPIXELS`.
 */
export const PNG_MEGAPIXEL_TIMEOUT_MS = 500;
/** A letter page at 300 DPI: the page the PNG tool's limit counts with. */
export const PNG_PAGE_MEGAPIXELS = 8.5;
/** How long a client waits before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Tool requests (`POST /api/pdf/*`) one client may send per minute without an API key, by default; the operator
 * sets it with `QUIRE_RATE_LIMIT_PER_MINUTE`. A client is one IPv4 address or one IPv6 /64 network.
 */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;
