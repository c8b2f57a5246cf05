import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_OPS, createProbeInputs, type ProbeInput } from '@quire/engine';
import {
  LOCALES,
  MAX_PAGES,
  TOOLS,
  SITE_TOOL_IDS,
  TOOL_IDS,
  allPagePaths,
  localePrefix,
  optionKindOf,
  toolOperationId,
  toolWords,
  type ToolDefinition,
  type ToolId,
} from '@quire/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@quire/test-kit/test-app';

/**
 * Every tool of the registry is wired everywhere a tool must be: its endpoint, its engine op and the op's own test,
 * its page in every language, its API docs (words and every language's page), its help guide, its status probe,
 * whether it reads PDFs (and so is among the hardening catalogue's PDF tools) and its browser test. Adding a tool to
 * `TOOLS` without one of these fails here, naming the tool and the missing part. (Its options form is the web's to
 * check: `options-forms.test.ts`.) A tool served by its API alone until its page exists (`hasPage: false`) has
 * everything but the page, its help guide and its browser test.
 */

const ROOT = join(import.meta.dirname, '..');
const readText = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const readJson = (path: string): unknown => JSON.parse(readText(path));

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

  it('has its op in a file of its own, bound in ENGINE_OPS, and the op has its own test that runs it', () => {
    expect(typeof ENGINE_OPS[toolId]).toBe('function');
    const opFile = `packages/engine/src/ops/${toolId}.ts`;
    expect(existsSync(join(ROOT, opFile)), opFile).toBe(true);
    const opName = new RegExp(`export const (\\w+): EngineOp<'${toolId}'>`).exec(readText(opFile))?.[1];
    expect(opName, `${opFile} exports its op as EngineOp<'${toolId}'>`).toBeDefined();
    expect(ENGINE_OPS[toolId].name, 'ENGINE_OPS binds the op of its own file').toBe(opName);
    const testFile = `packages/engine/src/ops/${toolId}.test.ts`;
    expect(existsSync(join(ROOT, testFile)), testFile).toBe(true);
    const test = readText(testFile);
    expect(test, `${testFile} imports ${opName} from ./${toolId}.ts`).toMatch(
      new RegExp(`import \\{[^}]*\\b${opName}\\b[^}]*\\} from '\\./${toolId}\\.ts'`),
    );
    expect(test, `${testFile} runs ${opName}`).toMatch(new RegExp(`\\b${opName}\\(`));
  });

  // A tool served by its API alone (`hasPage: false`, until its page exists) has no page in any language.
  const hasPage = (tool as ToolDefinition).hasPage !== false;

  it(hasPage ? 'has a page in every language' : 'has no page yet, in any language', () => {
    const paths = new Set(allPagePaths());
    expect(SITE_TOOL_IDS.includes(toolId)).toBe(hasPage);
    for (const locale of LOCALES) {
      const path = `${localePrefix(locale)}/${tool.slug}`;
      expect(paths.has(path), path).toBe(hasPage);
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
      // The help centre guides the tools of the site: one served by its API alone waits for its page.
      expect(
        help.guides.filter((guide) => guide.toolId === toolId),
        `${locale} help guide`,
      ).toHaveLength(hasPage ? 1 : 0);
    }
  });

  it('has API docs for every option', () => {
    const words = toolWords(toolId);
    expect(words.summary).toBeTruthy();
    expect(words.description).toBeTruthy();
    expect(Object.keys(words.params ?? {}).sort()).toEqual(Object.keys(tool.options).sort());
  });

  it('has a status probe with its files and every option a request must carry', () => {
    const probe = probes[toolId];
    expect(probe.files.length).toBeGreaterThanOrEqual(tool.minFiles);
    for (const [name, spec] of Object.entries(tool.options)) {
      if (optionKindOf(spec).isRequired(spec)) expect(probe.fields, name).toHaveProperty(name);
    }
  });

  // The hardening tables are keyed by PDF_TOOL_IDS (a missing row does not compile); what decides whether a tool is
  // among them is its `readsPdf`, which must say whether it takes PDFs at all.
  it('reads PDFs (passwords, page cap, hardening) exactly when it accepts them, with a cap of its own', () => {
    expect(tool.readsPdf).toBe((tool.accepts as readonly string[]).includes('pdf'));
    if (tool.readsPdf) {
      expect(tool.maxPages).toBeGreaterThan(0);
      expect(tool.maxPages).toBeLessThanOrEqual(MAX_PAGES);
    }
  });

  it('has its icon: an SVG path on a 24-unit grid', () => {
    expect(tool.glyph).toMatch(/^M[\d\s.,MmLlHhVvCcSsQqTtAaZz-]+$/);
    const figures = tool.glyph.match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    expect(figures.length).toBeGreaterThan(0);
    for (const figure of figures) expect(Math.abs(figure)).toBeLessThanOrEqual(24);
  });

  it.runIf(hasPage)('has its browser test', () => {
    expect(existsSync(join(ROOT, `packages/e2e/src/${toolId}.e2e.ts`))).toBe(true);
  });
});
