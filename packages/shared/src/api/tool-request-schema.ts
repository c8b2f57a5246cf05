import { FILE_KINDS } from '../files/file-kinds.ts';
import { MAX_PASSWORD_CHARS } from '../limits.ts';
import { optionKindOf } from '../tools/option-kinds.ts';
import { TOOLS, type ToolDefinition } from '../tools/registry.ts';
import { fileFieldName, passwordFieldName } from '../tools/tool-fields.ts';
import type { ToolId } from '../tools/tool-ids.ts';
import type { FieldSchema, MultipartSchema } from './openapi-types.ts';
import { toolWords } from './tool-words.ts';

export const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * The multipart fields of one tool: its files, their passwords and its options. The tool's own endpoint takes
 * them, and so does `POST /api/v1/jobs` after its `tool` field.
 */
export function toolRequestSchema(toolId: ToolId): MultipartSchema {
  const tool: ToolDefinition = TOOLS[toolId];
  const words = toolWords(toolId);
  const contentMediaType = tool.accepts.flatMap((kind) => FILE_KINDS[kind].mimeTypes).join(', ');
  const properties: Record<string, FieldSchema> = {};
  const required: string[] = [];
  const file = (index: number): FieldSchema => ({
    type: 'string',
    contentMediaType,
    description:
      tool.fileField === 'single'
        ? `The ${tool.accepts.map((kind) => FILE_KINDS[kind].label).join(' or ')} file, at most ${megabytes(tool.maxFileBytes)}.`
        : `File ${index + 1}, at most ${megabytes(tool.maxFileBytes)}.`,
  });
  const shown = tool.fileField === 'single' ? 1 : Math.max(tool.minFiles, 2);
  for (let index = 0; index < shown; index += 1) {
    properties[fileFieldName(tool, index)] = file(index);
    if (index < tool.minFiles) required.push(fileFieldName(tool, index));
  }
  const extra = tool.extraFile;
  if (extra) {
    const labels = extra.accepts.flatMap((kind) => FILE_KINDS[kind].typeNames).join(' or ');
    properties[extra.field] = {
      type: 'string',
      contentMediaType: extra.accepts.flatMap((kind) => FILE_KINDS[kind].mimeTypes).join(', '),
      description: `A ${labels} file, at most ${megabytes(extra.maxFileBytes)}, instead of \`${extra.insteadOf}\`: send exactly one of the two.`,
    };
  }
  const patternProperties: Record<string, FieldSchema> = {};
  const pictures = tool.pictureFiles;
  if (pictures) {
    const labels = pictures.accepts.flatMap((kind) => FILE_KINDS[kind].typeNames).join(' or ');
    const picture: FieldSchema = {
      type: 'string',
      contentMediaType: pictures.accepts.flatMap((kind) => FILE_KINDS[kind].mimeTypes).join(', '),
      description: `The first picture to place, a ${labels} file (a PNG keeps its transparency), at most ${megabytes(pictures.maxFileBytes)}: \`"image": 0\` in a placement.`,
    };
    properties[`${pictures.prefix}-0`] = picture;
    required.push(`${pictures.prefix}-0`);
    patternProperties[`^${pictures.prefix}-\\d+$`] = {
      ...picture,
      description: `Further pictures, numbered without gaps, up to \`${pictures.prefix}-${pictures.maxFiles - 1}\`: a placement names its picture by that number.`,
    };
  }
  if (tool.secretFile) {
    properties[tool.secretFile.field] = {
      type: 'string',
      contentMediaType: 'application/x-pkcs12',
      description: `A PKCS#12 file (.p12, .pfx) holding the private key and certificate to sign with, at most ${Math.round(tool.secretFile.maxFileBytes / 1024)} KB. It is kept in the job's memory only, never written to disk, and forgotten when the job ends.`,
    };
  }
  if (tool.fileField === 'indexed') {
    patternProperties['^file-\\d+$'] = {
      type: 'string',
      contentMediaType,
      description: `Further files, numbered without gaps, up to \`${fileFieldName(tool, tool.maxFiles - 1)}\`.`,
    };
  }
  if (tool.readsPdf) {
    const password: FieldSchema = {
      type: 'string',
      maxLength: MAX_PASSWORD_CHARS,
      description:
        'The password that opens a protected PDF. Files protected only against printing or copying need none.',
    };
    properties[passwordFieldName(tool, 0)] = password;
    if (tool.fileField === 'indexed')
      patternProperties['^password-\\d+$'] = {
        ...password,
        description: 'The password of the file with the same number.',
      };
  }
  for (const [name, spec] of Object.entries(tool.options)) {
    const kind = optionKindOf(spec);
    properties[name] = { ...kind.schema(spec), description: words.params?.[name] ?? '' };
    if (kind.isRequired(spec)) required.push(name);
  }
  return {
    type: 'object',
    required,
    properties,
    ...(Object.keys(patternProperties).length > 0 ? { patternProperties } : {}),
    additionalProperties: false,
  };
}
