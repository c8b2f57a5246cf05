import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeHardenedProfile } from './hardened-profile.ts';
import { installedLibreOfficeVersion } from './installed-version.ts';

describe('writeHardenedProfile', () => {
  it('pins macros off, links and fields never updated, and no copies of the document kept (hardening 34–42)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quire-profile-test-'));
    try {
      await writeHardenedProfile(dir);
      const xcu = await readFile(join(dir, 'user/registrymodifications.xcu'), 'utf8');
      const setting = (path: string, name: string) =>
        new RegExp(`oor:path="${path}"><prop oor:name="${name}" oor:op="fuse"><value>([^<]*)</value>`).exec(
          xcu,
        )?.[1];
      const scripting = '/org.openoffice.Office.Common/Security/Scripting';
      expect(setting(scripting, 'MacroSecurityLevel')).toBe('3');
      expect(setting(scripting, 'DisableMacrosExecution')).toBe('true');
      expect(setting(scripting, 'BlockUntrustedRefererLinks')).toBe('true');
      expect(setting('/org.openoffice.Office.Writer/Content/Update', 'Link')).toBe('2');
      expect(setting('/org.openoffice.Office.Writer/Content/Update', 'Field')).toBe('false');
      expect(setting('/org.openoffice.Office.Recovery/AutoSave', 'Enabled')).toBe('false');
      expect(setting('/org.openoffice.Office.Common/Misc', 'UseLocking')).toBe('false');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts the installed LibreOffice without running its graphics render tests', async () => {
    // They run at each start on a profile that names an older version than the installed one, and write their log
    // into the profile (≈ 6 CPU-s of the ≈ 8 a start took, on every new warm instance and cold conversion).
    expect(installedLibreOfficeVersion()).toMatch(/^\d+\.\d+$/);
    const dir = await mkdtemp(join(tmpdir(), 'quire-profile-start-'));
    try {
      await writeHardenedProfile(join(dir, 'profile'));
      await writeFile(join(dir, 'note.txt'), 'started\n');
      execFileSync(
        'soffice',
        [
          `-env:UserInstallation=file://${join(dir, 'profile')}`,
          '--headless',
          '--convert-to',
          'pdf',
          '--outdir',
          join(dir, 'out'),
          join(dir, 'note.txt'),
        ],
        { stdio: 'ignore', timeout: 120_000 },
      );
      expect(existsSync(join(dir, 'out', 'note.pdf'))).toBe(true);
      expect(existsSync(join(dir, 'profile', 'user', 'GraphicsRenderTests.log'))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
