import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_OPS, createProbeInputs, type ProbeInput } from '@quire/engine';
import {
  LOCALES,
  PDF_TOOL_IDS,
  TOOLS,
  TOOL_DOCS,
  TOOL_IDS,
  allPagePaths,
  localePrefix,
  optionKindOf,
  toolOperationId,
  type ToolId,
} from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';

/**
 * Every tool of the registry is wired everywhere a tool must be: its endpoint, its engine op, its page in every
 * language, its API docs (words and every language's page), its help guide, its status probe, the hardening
 * catalogue and its browser test. Adding a tool to `TOOLS` without one of these fails here, naming the tool and the
 * missing part. (Its options form is the web's to check: `options-forms.test.ts`.)
 */

const ROOT = join(import.meta.dirname, '..');
const readJson = (path: string): unknown => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

let testApp: TestApp;
let probes: Readonly<Record<ToolId, ProbeInput>>;
beforeAll(async () => {
  testApp = await createTestApp();
  probes = await createProbeInputs();
});
afterAll(async () => {
  await testApp.close();
});

describe.each(TOOL_IDS)('the %s tool', (toolId) => {
  const tool = TOOLS[toolId];

  it('has an endpoint that reads uploads (a request without files is refused, not unknown)', async () => {
    const reply = await testApp.app.inject({ method: 'POST', url: tool.apiPath });
    expect(reply.statusCode).not.toBe(404);
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
    expect(reply.statusCode).toBeLessThan(500);
  });

  it('has an engine op', () => {
    expect(typeof ENGINE_OPS[toolId]).toBe('function');
  });

  it('has a page in every language', () => {
    const paths = new Set(allPagePaths());
    for (const locale of LOCALES) {
      const path = `${localePrefix(locale)}/${tool.slug}`;
      expect(paths.has(path), path).toBe(true);
    }
  });

  it("has its words in every language: its page's texts, its API docs and its help guide", () => {
    for (const locale of LOCALES) {
      const texts = (
        readJson(`content/locales/${locale}/tools.json`) as Record<string, Record<string, unknown>>
      )[toolId];
      for (const key of ['title', 'description', 'action', 'selectPrompt', 'success', 'failure']) {
        expect(typeof texts?.[key], `${locale} tools.${toolId}.${key}`).toBe('string');
      }
      const apiDocs = readJson(`content/locales/${locale}/apiDocs.json`) as {
        operations: Record<string, { summary?: string }>;
      };
      expect(apiDocs.operations[toolOperationId(toolId)]?.summary, `${locale} apiDocs`).toBeTruthy();
      const help = readJson(`content/help/${locale}.json`) as { guides: { toolId: string }[] };
      expect(
        help.guides.filter((guide) => guide.toolId === toolId),
        `${locale} help guide`,
      ).toHaveLength(1);
    }
  });

  it('has API docs for every option', () => {
    const doc = TOOL_DOCS[toolId];
    expect(doc.summary).toBeTruthy();
    expect(Object.keys(doc.options).sort()).toEqual(Object.keys(tool.options).sort());
  });

  it('has a status probe with its files and every option a request must carry', () => {
    const probe = probes[toolId];
    expect(probe.files.length).toBeGreaterThanOrEqual(tool.minFiles);
    for (const [name, spec] of Object.entries(tool.options)) {
      if (optionKindOf(spec).isRequired(spec)) expect(probe.fields, name).toHaveProperty(name);
    }
  });

  it('is in the hardening catalogue as a PDF reader exactly when it reads PDFs, with a page cap', () => {
    expect(PDF_TOOL_IDS.includes(toolId as never)).toBe(tool.readsPdf);
    if (tool.readsPdf) expect(tool.maxPages).toBeGreaterThan(0);
  });

  it('has its browser test', () => {
    expect(existsSync(join(ROOT, `packages/e2e/src/${toolId}.e2e.ts`))).toBe(true);
  });
});
