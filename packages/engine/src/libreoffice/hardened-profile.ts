import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installedLibreOfficeVersion } from './installed-version.ts';

/**
 * Settings written into every LibreOffice instance's fresh profile. Each key exists in LibreOffice 7.4.7
 * (checked against `share/registry/main.xcd`); a key the installed version does not know is silently ignored,
 * which is why the sandbox (no network, one visible directory) is the other half of the lock-down.
 */
const SETTINGS: ReadonlyArray<readonly [path: string, name: string, value: string]> = [
  // Macros never run: highest security level, and macro execution switched off altogether.
  ['/org.openoffice.Office.Common/Security/Scripting', 'MacroSecurityLevel', '3'],
  ['/org.openoffice.Office.Common/Security/Scripting', 'DisableMacrosExecution', 'true'],
  // Documents may not fetch linked images and other resources (the linked-image SSRF fix in public converters).
  ['/org.openoffice.Office.Common/Security/Scripting', 'BlockUntrustedRefererLinks', 'true'],
  // Writer: links (INCLUDETEXT, INCLUDEPICTURE, LINK, DDE, OLE) are never updated (2 = never; 0 = always,
  // 1 = ask), and fields keep the result stored in the document instead of being recalculated on load.
  ['/org.openoffice.Office.Writer/Content/Update', 'Link', '2'],
  ['/org.openoffice.Office.Writer/Content/Update', 'Field', 'false'],
  // Calc's enumeration differs (1 = never); Calc is not installed, pinned in case an embedded sheet loads it.
  ['/org.openoffice.Office.Calc/Content/Update', 'Link', '1'],
  // No lock files beside the input, no recovery data or autosave copies of visitors' documents.
  ['/org.openoffice.Office.Common/Misc', 'UseLocking', 'false'],
  ['/org.openoffice.Office.Recovery/RecoveryInfo', 'Enabled', 'false'],
  ['/org.openoffice.Office.Recovery/AutoSave', 'Enabled', 'false'],
  // No Java (none is installed; this also skips the search for one at start-up).
  ['/org.openoffice.Office.Java/VirtualMachine', 'Enable', 'false'],
];

/**
 * The installed version as the last one a profile ran: on a profile that names an older one, LibreOffice runs its
 * graphics render tests (about a hundred drawings, some 4096 pixels wide) at start-up, and only a document window
 * shown on screen records the new version, which a headless instance never shows. Without it every start (a warm
 * instance, a cold conversion) took ≈ 8 CPU-s, not ≈ 2.5.
 */
function lastVersionSetting(): ReadonlyArray<readonly [path: string, name: string, value: string]> {
  const version = installedLibreOfficeVersion();
  return version ? [['/org.openoffice.Setup/Product', 'ooSetupLastVersion', version]] : [];
}

/** Writes a new profile with the hardened settings into `profileDir` (LibreOffice fills in the rest). */
export async function writeHardenedProfile(profileDir: string): Promise<void> {
  const userDir = join(profileDir, 'user');
  await mkdir(userDir, { recursive: true });
  const items = [...SETTINGS, ...lastVersionSetting()].map(
    ([path, name, value]) =>
      `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse">` +
      `<value>${value}</value></prop></item>`,
  );
  const xcu = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"' +
      ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...items,
    '</oor:items>',
    '',
  ].join('\n');
  await writeFile(join(userDir, 'registrymodifications.xcu'), xcu, { mode: 0o600 });
}
