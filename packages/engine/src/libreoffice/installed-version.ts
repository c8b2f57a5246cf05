import { readFileSync } from 'node:fs';

/** The installed LibreOffice's registry, which states its version (`ooSetupVersion`, major.minor). */
const MAIN_REGISTRY = '/usr/lib/libreoffice/share/registry/main.xcd';
let installedVersion: string | null | undefined;

/**
 * The installed LibreOffice's major.minor version ("7.4" for Debian bookworm's 7.4.7), read once from its registry;
 * null when it cannot be read.
 */
export function installedLibreOfficeVersion(): string | null {
  if (installedVersion === undefined) {
    try {
      const registry = readFileSync(MAIN_REGISTRY, 'utf8');
      installedVersion =
        /<prop oor:name="ooSetupVersion">\s*<value>(\d+\.\d+)<\/value>/.exec(registry)?.[1] ?? null;
    } catch {
      installedVersion = null;
    }
  }
  return installedVersion;
}
