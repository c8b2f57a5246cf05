import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeHardenedProfile } from './hardened-profile.ts';

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
});
