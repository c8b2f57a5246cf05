import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SETUP = fileURLToPath(new URL('setup.mjs', import.meta.url));

/** Setup checks the public origin before it installs or builds anything, so these runs change nothing. */
function runSetup(origin: string) {
  return spawnSync(process.execPath, [SETUP], {
    encoding: 'utf8',
    env: { ...process.env, QUIRE_PUBLIC_ORIGIN: origin },
    timeout: 30_000,
  });
}

describe('QUIRE_PUBLIC_ORIGIN in npm start', () => {
  it.each([
    ['https://pdf.example.org/quire', 'no path'],
    ['pdf.example.org', 'not an absolute URL'],
    ['ftp://pdf.example.org', 'the scheme must be http or https'],
  ])('stops at once on %j with a message that names the setting and the problem', (origin, reason) => {
    const result = runSetup(origin);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('QUIRE_PUBLIC_ORIGIN must be an absolute http(s) origin');
    expect(result.stderr).toContain(reason);
    expect(result.stdout).not.toContain('Installing');
    expect(result.stdout).not.toContain('Building');
  });
});
