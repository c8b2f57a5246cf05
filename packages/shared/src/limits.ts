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
 * Largest image, in pixels, the JPG to PDF tool decodes: read from the header before any decoding, so a small file
 * that claims a huge raster (a pixel bomb, hardening item 47) is refused instead of allocating gigabytes.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Most non-file fields in one request, and the longest value of each. */
export const MAX_FIELDS = 64;
export const MAX_FIELD_BYTES = 4 * 1024;
/** Most parts (files and fields) in one request. */
export const MAX_PARTS = 128;

/** Most pages one document may have for page-assembly tools (merge, split, rotate). */
export const MAX_PAGES = 2000;
/** Most pages one document may have for tools that rasterise every page (PDF to JPG). */
export const MAX_RENDER_PAGES = 300;
/** Most pages one document may have for tools that convert every page's layout (PDF to Word). */
export const MAX_CONVERT_PAGES = 500;

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
/** How long a client waits before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Tool requests (`POST /api/pdf/*`) one client may send per minute without an API key, by default; the operator
 * sets it with `QUIRE_RATE_LIMIT_PER_MINUTE`. A client is one IPv4 address or one IPv6 /64 network.
 */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 30;
