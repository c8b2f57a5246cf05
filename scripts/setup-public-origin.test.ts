import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SETUP = fileURLToPath(new URL('setup.mjs', import.meta.url));

/**
 * Runs `setup.mjs` with the given settings (and none of the caller's). A wrong setting stops it before it installs
 * or builds anything; `--plan` only says what it would build, so these runs change nothing.
 */
function runSetup(settings: Record<string, string>, args: string[] = []) {
  const env = { ...process.env };
  for (const name of [
    'QUIRE_PUBLIC_ORIGIN',
    'QUIRE_CONTACT_EMAIL',
    'HOST',
    'PORT',
    'QUIRE_ROLE',
    'QUIRE_REDIS_URL',
  ]) {
    delete env[name];
  }
  return spawnSync(process.execPath, [SETUP, ...args], {
    encoding: 'utf8',
    env: { ...env, ...settings },
    timeout: 60_000,
  });
}

function expectStoppedAtOnce(result: ReturnType<typeof runSetup>, ...messages: string[]) {
  expect(result.status).toBe(1);
  for (const message of messages) expect(result.stderr).toContain(message);
  expect(result.stdout).not.toContain('Installing');
  expect(result.stdout).not.toContain('Building');
}

describe('the settings npm start builds the site with', () => {
  it.each([
    ['https://pdf.example.org/quire', 'no path'],
    ['pdf.example.org', 'not an absolute URL'],
    ['ftp://pdf.example.org', 'the scheme must be http or https'],
  ])('stops at once on QUIRE_PUBLIC_ORIGIN=%j, naming the setting and the problem', (origin, reason) => {
    expectStoppedAtOnce(
      runSetup({ QUIRE_PUBLIC_ORIGIN: origin }),
      'QUIRE_PUBLIC_ORIGIN must be an absolute http(s) origin',
      reason,
    );
  });

  it('stops at once on a contact address that is not a plain email address', () => {
    expectStoppedAtOnce(
      runSetup({ QUIRE_CONTACT_EMAIL: 'Quire <contact@pdf.example.org>' }),
      'QUIRE_CONTACT_EMAIL must be a plain email address',
    );
  });

  it('stops at once on a PORT the server would refuse, before building pages that name it', () => {
    expectStoppedAtOnce(runSetup({ PORT: '80000' }), 'PORT must be a whole number from 0 to 65535');
  });

  it('names the server’s own address when QUIRE_PUBLIC_ORIGIN is unset, and builds the pages again for another port', () => {
    const plan = (settings: Record<string, string>) => {
      const result = runSetup(settings, ['--plan']);
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    const atDefault = plan({});
    expect(atDefault).toContain('The pages name http://127.0.0.1:3000');
    expect(atDefault).toContain('QUIRE_CONTACT_EMAIL is not set');
    const atOtherPort = plan({ PORT: '4000' });
    expect(atOtherPort).toContain('The pages name http://127.0.0.1:4000');
    // Whatever the checkout's last build was, two settings that differ cannot both be current.
    expect([atDefault, atOtherPort].filter((out) => out.includes('Build: current')).length).toBeLessThan(2);
    expect(plan({ HOST: '0.0.0.0', PORT: '8080' })).toContain('The pages name http://localhost:8080');
    expect(plan({ QUIRE_PUBLIC_ORIGIN: 'https://pdf.example.org', PORT: '4000' })).toContain(
      'The pages name https://pdf.example.org (QUIRE_PUBLIC_ORIGIN)',
    );
  });

  it('builds no pages for a cluster worker, which serves none, and tells web processes to share one origin', () => {
    const redis = { QUIRE_REDIS_URL: 'redis://127.0.0.1:6379' };
    const worker = runSetup({ ...redis, QUIRE_ROLE: 'worker', PORT: '3932' }, ['--plan']);
    expect(worker.status, worker.stderr).toBe(0);
    expect(worker.stdout).toContain('QUIRE_ROLE=worker serves no pages: they are not built.');
    expect(worker.stdout).not.toContain('The pages name');
    expect(worker.stdout).toMatch(/Build: (current|server)\n/);
    const web = runSetup({ ...redis, QUIRE_ROLE: 'web', PORT: '3931' }, ['--plan']);
    expect(web.status, web.stderr).toBe(0);
    expect(web.stdout).toContain('The pages name http://127.0.0.1:3931');
    expect(web.stdout).toContain('web processes behind one proxy must share one QUIRE_PUBLIC_ORIGIN');
    expect(web.stdout).toMatch(/Build: (pages|switch|everything)\n/);
  });
});
