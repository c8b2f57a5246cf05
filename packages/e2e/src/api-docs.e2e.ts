import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  LOCALES,
  localePrefix,
  responseErrorCodes,
  type OpenApiDocument,
} from '@quire/shared';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

const fetchText = async (path: string) => (await fetch(new URL(path, baseUrl))).text();

/** The prerendered HTML of each endpoint's section, by `METHOD /path`. */
function endpointSections(html: string): Map<string, string> {
  const sections = new Map<string, string>();
  const parts = html.split('data-endpoint="').slice(1);
  for (const part of parts) {
    const name = part.slice(0, part.indexOf('"'));
    sections.set(name, part);
  }
  return sections;
}

describe('the API docs page', () => {
  it('lists, in its raw HTML, every endpoint of /api/openapi.json with its fields and error codes', async () => {
    const document = JSON.parse(await fetchText('/api/openapi.json')) as OpenApiDocument;
    const html = await fetchText('/api-docs');
    const sections = endpointSections(html);
    const served = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect([...sections.keys()]).toEqual(served);

    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const section = sections.get(`${method.toUpperCase()} ${path}`) ?? '';
        expect(section, path).toContain(`>${path}</code>`);
        const body = operation.requestBody?.content['multipart/form-data'].schema;
        for (const name of Object.keys(body?.properties ?? {})) {
          expect(section, `${path} ${name}`).toContain(`data-param="${name}"`);
        }
        for (const value of Object.values(body?.properties ?? {}).flatMap((field) => field.enum ?? [])) {
          expect(section, `${path} value ${value}`).toContain(`>${value}</code>`);
        }
        if (body?.patternProperties) {
          const maxFiles = operation['x-limits']?.maxFiles ?? 0;
          // Numbered files (`file-0` …) up to the last one taken; numbered pictures (Sign PDF's `image-0` …) too.
          const isPictures = Object.keys(body.patternProperties).some((pattern) =>
            pattern.includes('image-'),
          );
          expect(section, `${path} numbered fields`).toContain(
            isPictures ? 'image-0' : `file-${maxFiles - 1}`,
          );
        }
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const code of responseErrorCodes(response)) {
            expect(section, `${path} ${status} ${code}`).toContain(`href="#error-${code}"`);
          }
        }
        expect(section, path).toMatch(/curl &#x27;https?:\/\/[^&]+/);
      }
    }
    expect(html).toContain('href="/api/openapi.json"');
    expect(html).toContain(`${DEFAULT_RATE_LIMIT_PER_MINUTE} requests per minute per client`);
  });

  it('is prerendered in every language with the same endpoints', async () => {
    const english = [...endpointSections(await fetchText('/api-docs')).keys()];
    for (const locale of LOCALES) {
      const html = await fetchText(`${localePrefix(locale)}/api-docs`);
      expect([...endpointSections(html).keys()], locale).toEqual(english);
    }
  });
});
