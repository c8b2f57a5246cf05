import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { InputFile, SecretInputFile } from '@quire/engine';
import {
  AppError,
  FILE_KINDS,
  MAX_ANY_FIELD_BYTES,
  MAX_FIELDS,
  MAX_PARTS,
  MAX_PASSWORD_CHARS,
  SNIFF_BYTES,
  fileFieldName,
  kindOfFormat,
  maxFieldBytes,
  passwordFieldName,
  sniffFormat,
  toWholeMegabytes,
  TOOLS,
  TOOL_IDS,
  TOOL_FIELD,
  toolOfName,
  type ToolDefinition,
} from '@quire/shared';
import type { FastifyRequest } from 'fastify';
import { sanitizeFileName } from './file-names.ts';

export type Uploads = {
  tool: ToolDefinition;
  files: InputFile[];
  fields: Map<string, string>;
  /** The tool's file kept in memory (Sign PDF's certificate), if sent: never written to the job directory. */
  secretFile?: SecretInputFile;
};

/**
 * The widest limits of any tool: what an upload whose tool is named in its first field is held to until that
 * field has been read.
 */
const ANY_TOOL = {
  maxFiles: Math.max(...TOOL_IDS.map((id) => filesOf(TOOLS[id]))),
  maxFileBytes: Math.max(...TOOL_IDS.map((id) => TOOLS[id].maxFileBytes)),
  maxRequestBytes: Math.max(...TOOL_IDS.map((id) => TOOLS[id].maxRequestBytes)),
};

/**
 * How many files a request of a tool may carry: its own, its extra file (Watermark's picture), its pictures and its
 * file kept in memory (Sign PDF's signatures and certificate).
 */
function filesOf(tool: ToolDefinition): number {
  return (
    tool.maxFiles + (tool.extraFile ? 1 : 0) + (tool.pictureFiles?.maxFiles ?? 0) + (tool.secretFile ? 1 : 0)
  );
}

/** What a file of an upload is held to: the tool's own files' kinds and size, or its extra file's. */
type FileRules = Pick<ToolDefinition, 'accepts' | 'maxFileBytes'>;

/**
 * Streams a tool's multipart upload into the job directory. Every limit is enforced while the bytes arrive: the
 * per-file and per-request sizes (413 as soon as one is crossed), the number of files, fields and parts, and the
 * type, read from each file's first bytes (415 before the rest is stored). Files are stored under server-made
 * names; the visitor's name is kept, sanitised, for messages only. With `TOOL_FIELD` instead of a tool, the first
 * part must be the `tool` field, and the tool it names sets the limits from then on. A tool's extra file (Watermark's
 * `image`) is held to its own kinds and size, and comes last in `files`, after the tool's own.
 */
export async function receiveUploads(
  request: FastifyRequest,
  tool: ToolDefinition | typeof TOOL_FIELD,
  jobDir: string,
): Promise<Uploads> {
  try {
    return await readParts(request, tool, jobDir);
  } catch (error) {
    // Whatever the client still sends is dropped unparsed until the answer closes the connection: a flood of
    // 100,000 parts costs the parser only the parts before the limit.
    request.raw.unpipe();
    request.raw.resume();
    throw asUploadError(error);
  }
}

/**
 * busboy reports broken multipart framing (no boundary, a part cut short, no closing boundary) as plain errors
 * without a code: those are the client's, 400. Errors with a code keep their meaning (the framework's limits,
 * the file system's failures).
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof AppError || typeof (error as { code?: unknown }).code === 'string') return error;
  return new AppError(
    'INVALID_REQUEST',
    'The upload is not well-formed multipart/form-data.',
    {},
    { cause: error },
  );
}

async function readParts(
  request: FastifyRequest,
  target: ToolDefinition | typeof TOOL_FIELD,
  jobDir: string,
): Promise<Uploads> {
  let tool = target === TOOL_FIELD ? null : target;
  const envelope = tool ?? ANY_TOOL;
  const declaredLength = Number(request.headers['content-length']);
  if (
    Number.isFinite(declaredLength) &&
    declaredLength > envelope.maxRequestBytes + MULTIPART_OVERHEAD_BYTES
  ) {
    throw requestTooLarge(envelope);
  }
  const budget = { remainingBytes: envelope.maxRequestBytes, maxRequestBytes: envelope.maxRequestBytes };
  const files = new Map<number, InputFile>();
  let extraFile: InputFile | null = null;
  const pictures = new Map<number, InputFile>();
  let secretFile: SecretInputFile | undefined;
  const fields = new Map<string, string>();
  const parts = request.parts({
    limits: {
      // One byte over the cap reaches the guard, which then fails the upload at once (busboy alone would drop the
      // rest of the file but read it to its end before saying so).
      fileSize: envelope.maxFileBytes + 1,
      files: tool ? filesOf(tool) : envelope.maxFiles,
      fields: MAX_FIELDS,
      // Each field is held to its own limit once its name is known (`maxFieldBytes`): Organize's layout is longer.
      fieldSize: MAX_ANY_FIELD_BYTES,
      parts: MAX_PARTS,
      fieldNameSize: MAX_FIELD_NAME_CHARS,
      headerPairs: 100,
    },
  });

  for await (const part of parts) {
    if (typeof part.fieldname !== 'string' || part.fieldname === '') {
      if (part.type === 'file') part.file.resume();
      throw new AppError('INVALID_REQUEST', 'Every part of the upload needs a field name.');
    }
    // Checked here: busboy applies its own name limit to URL-encoded forms only, and messages quote names.
    if (part.fieldname.length > MAX_FIELD_NAME_CHARS) {
      if (part.type === 'file') part.file.resume();
      throw new AppError(
        'INVALID_REQUEST',
        `A field name is longer than ${MAX_FIELD_NAME_CHARS} characters.`,
      );
    }
    if (tool === null) {
      if (part.type === 'file') part.file.resume();
      tool = toolOfFirstPart(part.type === 'field' ? part.fieldname : null, part.value);
      budget.remainingBytes -= envelope.maxRequestBytes - tool.maxRequestBytes;
      budget.maxRequestBytes = tool.maxRequestBytes;
      continue;
    }
    if (part.type === 'field') {
      if (fields.has(part.fieldname) || isReservedName(part.fieldname)) {
        throw new AppError(
          'INVALID_REQUEST',
          `The field "${part.fieldname}" is not allowed or appears twice.`,
        );
      }
      const limitBytes = maxFieldBytes(tool.options, part.fieldname);
      if (
        part.valueTruncated ||
        typeof part.value !== 'string' ||
        Buffer.byteLength(part.value) > limitBytes
      ) {
        throw new AppError('REQUEST_TOO_LARGE', `The field "${part.fieldname}" is too long.`, { limitBytes });
      }
      budget.remainingBytes -= Buffer.byteLength(part.value);
      if (budget.remainingBytes < 0) throw requestTooLarge(tool);
      fields.set(part.fieldname, part.value);
      continue;
    }
    const extra = tool.extraFile;
    if (extra && part.fieldname === extra.field) {
      if (extraFile) {
        part.file.resume();
        throw new AppError('INVALID_REQUEST', `Send one "${extra.field}" file at most.`);
      }
      const index = tool.maxFiles;
      const name = sanitizeFileName(part.filename, extra.field);
      const details = { fileIndex: index, fileName: name };
      const path = join(jobDir, `input-${extra.field}`);
      await storeFile(part.file, path, new UploadGuard(extra, budget, details));
      extraFile = { path, name };
      continue;
    }
    const pictureIndex = pictureIndexOf(tool, part.fieldname);
    if (tool.pictureFiles && pictureIndex !== null) {
      if (pictures.has(pictureIndex)) {
        part.file.resume();
        throw new AppError('INVALID_REQUEST', `Send one "${part.fieldname}" file at most.`);
      }
      const name = sanitizeFileName(part.filename, part.fieldname);
      const details = { fileIndex: tool.maxFiles + pictureIndex, fileName: name };
      const path = join(jobDir, `input-${part.fieldname}`);
      await storeFile(part.file, path, new UploadGuard(tool.pictureFiles, budget, details));
      pictures.set(pictureIndex, { path, name });
      continue;
    }
    if (tool.secretFile && part.fieldname === tool.secretFile.field) {
      if (secretFile) {
        part.file.resume();
        throw new AppError('INVALID_REQUEST', `Send one "${part.fieldname}" file at most.`);
      }
      secretFile = await readSecretFile(part.file, part.filename, tool.secretFile, budget);
      continue;
    }
    const index = fileIndexOf(tool, part.fieldname);
    if (index === null || files.has(index)) {
      part.file.resume();
      throw new AppError(
        'INVALID_REQUEST',
        `Unexpected file field "${part.fieldname}": send ${describeFileFields(tool)}.`,
      );
    }
    const name = sanitizeFileName(part.filename, `file-${index + 1}`);
    const details = { fileIndex: index, fileName: name };
    const path = join(jobDir, `input-${index}`);
    await storeFile(part.file, path, new UploadGuard(tool, budget, details));
    files.set(index, { path, name });
  }

  if (tool === null) throw toolFieldMissing();
  const ordered = [...files.entries()].sort(([a], [b]) => a - b);
  if (ordered.some(([index], position) => index !== position)) {
    throw new AppError('INVALID_REQUEST', `Number the files without gaps: ${describeFileFields(tool)}.`);
  }
  if (ordered.length < tool.minFiles) {
    throw new AppError(
      'TOO_FEW_FILES',
      `Send at least ${tool.minFiles} file${tool.minFiles === 1 ? '' : 's'}.`,
      {
        minFiles: tool.minFiles,
      },
    );
  }
  const inputs = ordered.map(([, file]) => file);
  takePasswords(tool, inputs, fields);
  const orderedPictures = [...pictures.entries()].sort(([a], [b]) => a - b);
  if (orderedPictures.some(([index], position) => index !== position)) {
    throw new AppError('INVALID_REQUEST', `Number the pictures without gaps: ${describeFileFields(tool)}.`);
  }
  const extras = [...(extraFile ? [extraFile] : []), ...orderedPictures.map(([, file]) => file)];
  return { tool, files: [...inputs, ...extras], fields, ...(secretFile ? { secretFile } : {}) };
}

/**
 * Reads a file the tool keeps in memory only (Sign PDF's certificate) into memory, never into the job directory,
 * held to its size and the request's budget: a PKCS#12 file is DER, a SEQUENCE (its first byte 0x30), and anything
 * else is refused as one would be by its type. Its name is kept, sanitised, for messages.
 */
async function readSecretFile(
  file: NodeJS.ReadableStream & { truncated?: boolean },
  fileName: string | undefined,
  rules: NonNullable<ToolDefinition['secretFile']>,
  budget: { remainingBytes: number; readonly maxRequestBytes: number },
): Promise<SecretInputFile> {
  const name = sanitizeFileName(fileName, rules.field);
  const details = { fileName: name, limitBytes: rules.maxFileBytes };
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    budget.remainingBytes -= chunk.length;
    if (bytes > rules.maxFileBytes) {
      file.resume();
      throw new AppError(
        'FILE_TOO_LARGE',
        `"${name}" is larger than ${Math.ceil(rules.maxFileBytes / 1024)} KB.`,
        details,
      );
    }
    if (budget.remainingBytes < 0) throw requestTooLarge(budget);
    chunks.push(chunk);
  }
  const content = Buffer.concat(chunks);
  if (content.length === 0) throw new AppError('EMPTY_FILE', `"${name}" is empty.`, { fileName: name });
  if (content[0] !== 0x30) {
    throw new AppError('INVALID_FILE_TYPE', `"${name}" is not a PKCS#12 (.p12, .pfx) certificate file.`, {
      fileName: name,
      accepted: 'PKCS#12 (.p12, .pfx)',
    });
  }
  return { bytes: new Uint8Array(content.buffer, content.byteOffset, content.length), name };
}

/** The number of a tool's picture field (`image-3`: 3), or null when the field is none of them. */
function pictureIndexOf(tool: ToolDefinition, fieldName: string): number | null {
  const pictures = tool.pictureFiles;
  if (!pictures) return null;
  const match = new RegExp(`^${pictures.prefix}-(\\d{1,3})$`).exec(fieldName);
  if (!match) return null;
  const index = Number(match[1]);
  return index < pictures.maxFiles ? index : null;
}

/** Writes one file of the upload through its guard, then checks that it was whole, not empty and of a kind taken. */
async function storeFile(
  file: NodeJS.ReadableStream & { truncated?: boolean },
  path: string,
  guard: UploadGuard,
): Promise<void> {
  await pipeline(file, guard, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  if (file.truncated) throw fileTooLarge(guard.rules, guard.details);
  if (guard.bytes === 0) {
    throw new AppError('EMPTY_FILE', `"${guard.details.fileName}" is empty.`, guard.details);
  }
  guard.checkType();
}

/** The tool named by the first part of an upload to every tool's route, which must be the `tool` field. */
function toolOfFirstPart(fieldName: string | null, value: unknown): ToolDefinition {
  if (fieldName !== TOOL_FIELD) throw toolFieldMissing();
  const toolId = toolOfName(value);
  if (toolId === null) {
    throw new AppError('INVALID_OPTIONS', `"tool" must be one of ${TOOL_IDS.join(', ')}.`, {
      option: TOOL_FIELD,
      allowed: TOOL_IDS.join(', '),
    });
  }
  return TOOLS[toolId];
}

function toolFieldMissing(): AppError {
  return new AppError('INVALID_REQUEST', 'Send the "tool" field first, then the tool\'s fields and files.');
}

/** Multipart boundaries and part headers on top of the payload: a generous allowance before refusing on length. */
const MULTIPART_OVERHEAD_BYTES = 1024 * 1024;

/** Longest field name: every real one is a few characters (`file-12`, `pageRange`). */
const MAX_FIELD_NAME_CHARS = 100;

/** Moves `password` / `password-N` fields onto their files; what remains in `fields` are the tool's options. */
function takePasswords(tool: ToolDefinition, files: InputFile[], fields: Map<string, string>): void {
  if (!tool.readsPdf) return;
  files.forEach((file, index) => {
    const field = passwordFieldName(tool, index);
    const password = fields.get(field);
    fields.delete(field);
    if (password === undefined || password === '') return;
    // Counted in code points, as JSON Schema's maxLength in the API document counts them.
    if ([...password].length > MAX_PASSWORD_CHARS) {
      throw new AppError('INVALID_OPTIONS', `A password can have at most ${MAX_PASSWORD_CHARS} characters.`, {
        option: field,
        maxChars: MAX_PASSWORD_CHARS,
      });
    }
    // eslint-disable-next-line no-control-regex -- passwords with control characters are refused
    if (/[\u0000-\u001f\u007f]/.test(password)) {
      throw new AppError('INVALID_OPTIONS', 'A password cannot contain line breaks or control characters.', {
        option: field,
      });
    }
    file.password = password;
  });
}

function fileIndexOf(tool: ToolDefinition, fieldName: string): number | null {
  if (tool.fileField === 'single') return fieldName === fileFieldName(tool, 0) ? 0 : null;
  const match = /^file-(\d{1,3})$/.exec(fieldName);
  if (!match) return null;
  const index = Number(match[1]);
  return index < tool.maxFiles ? index : null;
}

function describeFileFields(tool: ToolDefinition): string {
  const own = tool.fileField === 'single' ? '"file"' : `"file-0" to "file-${tool.maxFiles - 1}" in order`;
  const pictures = tool.pictureFiles;
  const more = [
    ...(tool.extraFile ? [`"${tool.extraFile.field}" if wanted`] : []),
    ...(pictures ? [`"${pictures.prefix}-0" to "${pictures.prefix}-${pictures.maxFiles - 1}" in order`] : []),
    ...(tool.secretFile ? [`"${tool.secretFile.field}" if wanted`] : []),
  ];
  return more.length > 0 ? `${own}, and ${more.join(', ')}` : own;
}

function isReservedName(name: string): boolean {
  return name === '__proto__' || name === 'constructor' || name === 'prototype';
}

function fileTooLarge(tool: FileRules, details: { fileIndex: number; fileName: string }): AppError {
  return new AppError(
    'FILE_TOO_LARGE',
    `"${details.fileName}" is larger than ${toWholeMegabytes(tool.maxFileBytes)} MB.`,
    {
      ...details,
      limitBytes: tool.maxFileBytes,
    },
  );
}

function requestTooLarge(tool: Pick<ToolDefinition, 'maxRequestBytes'>): AppError {
  return new AppError(
    'REQUEST_TOO_LARGE',
    `The upload is larger than ${toWholeMegabytes(tool.maxRequestBytes)} MB in total.`,
    {
      limitBytes: tool.maxRequestBytes,
    },
  );
}

/**
 * Counts an upload's bytes against the file cap and the request budget and checks its type from its first bytes,
 * failing the stream at once when any is wrong, so a wrong or oversized file is never stored or read whole.
 */
class UploadGuard extends Transform {
  bytes = 0;
  #head: Buffer[] = [];
  #headBytes = 0;
  #typeChecked = false;

  constructor(
    readonly rules: FileRules,
    private readonly budget: { remainingBytes: number; readonly maxRequestBytes: number },
    readonly details: { fileIndex: number; fileName: string },
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    this.budget.remainingBytes -= chunk.length;
    if (this.bytes > this.rules.maxFileBytes) {
      callback(fileTooLarge(this.rules, this.details));
      return;
    }
    if (this.budget.remainingBytes < 0) {
      callback(requestTooLarge(this.budget));
      return;
    }
    if (!this.#typeChecked) {
      this.#head.push(chunk);
      this.#headBytes += chunk.length;
      if (this.#headBytes >= SNIFF_BYTES) {
        try {
          this.checkType();
        } catch (error) {
          callback(error as Error);
          return;
        }
      }
    }
    callback(null, chunk);
  }

  /** Throws `INVALID_FILE_TYPE` unless the bytes seen so far are a format the tool accepts. */
  checkType(): void {
    if (this.#typeChecked) return;
    const head = Buffer.concat(this.#head);
    this.#head = [];
    this.#typeChecked = true;
    const format = sniffFormat(head.subarray(0, SNIFF_BYTES));
    if (format === null || kindOfFormat(format, this.rules.accepts) === null) {
      const accepted = this.rules.accepts.map((kind) => FILE_KINDS[kind].label).join(', ');
      throw new AppError('INVALID_FILE_TYPE', `"${this.details.fileName}" is not a ${accepted} file.`, {
        ...this.details,
        accepted,
      });
    }
  }
}
