import {
  mkdir,
  mkdtemp,
  readdir,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSiteRoutes } from './site.ts';

describe('the pages a server started with', () => {
  /** A fake build of one page naming `origin`, with an inline script, so that its policy carries a hash of it. */
  async function writeBuild(dir: string, origin: string) {
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'index.html'), `<script>location.origin === '${origin}'</script>${origin}`);
  }

  it('are served, with their own policies, after the link it was given is switched to another build', async () => {
    const base = await mkdtemp(join(tmpdir(), 'quire-site-switch-'));
    const app = Fastify();
    try {
      await writeBuild(join(base, 'pages/a'), 'http://127.0.0.1:3931');
      await writeBuild(join(base, 'pages/b'), 'http://127.0.0.1:3932');
      await symlink('pages/a', join(base, 'client'));
      await registerSiteRoutes(app, join(base, 'client'));
      const before = await app.inject({ method: 'GET', url: '/' });
      // What scripts/setup.mjs does for another origin: a link to the new build renamed over the old one.
      await symlink('pages/b', join(base, 'client.next'));
      await rename(join(base, 'client.next'), join(base, 'client'));
      const after = await app.inject({ method: 'GET', url: '/' });
      expect(after.body).toContain('http://127.0.0.1:3931');
      expect(after.headers['content-security-policy']).toBe(before.headers['content-security-policy']);
    } finally {
      await app.close();
      await rm(base, { recursive: true, force: true });
    }
  });

  it('are held open while it runs, so that a set-up can tell they are in use', async () => {
    const base = await mkdtemp(join(tmpdir(), 'quire-site-held-'));
    const app = Fastify();
    const openDirectories = async () =>
      Promise.all(
        (await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
      );
    try {
      await writeBuild(join(base, 'pages/a'), 'http://127.0.0.1:3931');
      await symlink('pages/a', join(base, 'client'));
      await registerSiteRoutes(app, join(base, 'client'));
      expect(await openDirectories()).toContain(await realpath(join(base, 'pages/a')));
      await app.close();
      expect(await openDirectories()).not.toContain(await realpath(join(base, 'pages/a')));
    } finally {
      await app.close();
      await rm(base, { recursive: true, force: true });
    }
  });
});
