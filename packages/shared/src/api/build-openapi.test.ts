import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors/error-codes.ts';
import { TOOLS } from '../tools/registry.ts';
import { TOOL_IDS } from '../tools/tool-ids.ts';
import { buildOpenApi, toolOperationId } from './build-openapi.ts';
import { responseErrorCodes } from './openapi-types.ts';
import { toolErrorCodes } from './tool-error-codes.ts';

const limited = buildOpenApi({ version: '1.2.3', rateLimitPerMinute: 30 });
const unlimited = buildOpenApi({ version: '1.2.3', rateLimitPerMinute: 0 });

describe('toolErrorCodes', () => {
  it('names what each tool can really answer', () => {
    expect(toolErrorCodes(TOOLS.split, true)).toContain('INVALID_PAGE_RANGE');
    expect(toolErrorCodes(TOOLS.rotate, true)).toContain('INVALID_PAGE_RANGE');
    expect(toolErrorCodes(TOOLS.merge, true)).not.toContain('INVALID_PAGE_RANGE');
    expect(toolErrorCodes(TOOLS.merge, true)).toEqual(expect.arrayContaining(['PASSWORD_INCORRECT']));
    // Word documents can ask for a password, but the tool takes none: it can never be wrong.
    expect(toolErrorCodes(TOOLS['word-to-pdf'], true)).toContain('PASSWORD_REQUIRED');
    expect(toolErrorCodes(TOOLS['word-to-pdf'], true)).not.toContain('PASSWORD_INCORRECT');
    expect(toolErrorCodes(TOOLS['jpg-to-pdf'], true)).not.toContain('PASSWORD_REQUIRED');
    expect(toolErrorCodes(TOOLS.compress, true)).toContain('RATE_LIMITED');
    expect(toolErrorCodes(TOOLS.compress, false)).not.toContain('RATE_LIMITED');
    for (const id of TOOL_IDS) {
      expect(toolErrorCodes(TOOLS[id], true)).not.toContain('NOT_FOUND');
      expect(toolErrorCodes(TOOLS[id], true)).not.toContain('TOOL_UNAVAILABLE');
    }
  });
});

describe('buildOpenApi', () => {
  it('lists each error code under the status the catalogue gives it, with Retry-After on 429 and 503', () => {
    for (const [path, item] of Object.entries(limited.paths)) {
      for (const operation of Object.values(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const code of responseErrorCodes(response)) {
            expect(ERROR_CODES[code].httpStatus, `${path} ${code}`).toBe(Number(status));
          }
          if (status === '429' || status === '503') expect(response.headers).toHaveProperty('Retry-After');
        }
      }
    }
    const compress = limited.paths[TOOLS.compress.apiPath]?.post;
    expect(compress && responseErrorCodes(compress.responses['429'] ?? { description: '' })).toEqual([
      'RATE_LIMITED',
    ]);
  });

  it('says truthfully whether anonymous use is limited', () => {
    expect(limited.info.description).toContain('limited to 30 tool requests per minute per client');
    expect(limited['x-rate-limit-per-minute']).toBe(30);
    expect(unlimited.info.description).toContain('does not limit');
    const merge = unlimited.paths[TOOLS.merge.apiPath]?.post;
    expect(merge?.responses).not.toHaveProperty('429');
    expect(merge?.responses['200']?.headers).not.toHaveProperty('X-RateLimit-Limit');
  });

  it('gives every tool its operation, upload limits and result file', () => {
    for (const id of TOOL_IDS) {
      const operation = limited.paths[TOOLS[id].apiPath]?.post;
      expect(operation?.operationId).toBe(toolOperationId(id));
      expect(operation?.['x-limits']).toEqual({
        minFiles: TOOLS[id].minFiles,
        maxFiles: TOOLS[id].maxFiles,
        maxFileBytes: TOOLS[id].maxFileBytes,
        maxRequestBytes: TOOLS[id].maxRequestBytes,
      });
      expect(Object.keys(operation?.responses['200']?.content ?? {})).toEqual([TOOLS[id].output.mimeType]);
    }
    expect(toolOperationId('pdf-to-word')).toBe('pdfToWord');
    expect(Object.keys(limited.paths)).toEqual(
      expect.arrayContaining(['/api/status', '/api/openapi.json', '/healthz']),
    );
  });
});
