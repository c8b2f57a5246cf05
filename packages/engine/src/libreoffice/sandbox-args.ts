import { join } from 'node:path';

/**
 * bubblewrap arguments for one LibreOffice instance whose private directory is `root` (with `profile/`,
 * `home/`, `tmp/` and `job/` inside). The sandbox has no network at all (`--unshare-all` leaves only its own
 * loopback, so a canary on the host's 127.0.0.1 is unreachable), no capabilities, its own PID namespace, and
 * sees only the read-only system (programs, libraries, fonts and their cache, LibreOffice's configuration),
 * the bridge script (when given) and its own four directories: no other job's files, no /home, no /etc beyond fonts.
 */
export function sandboxArgs(root: string, bridgePath?: string): string[] {
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/usr',
    '/usr',
    // Debian's merged /usr: the usual top-level names are links into it.
    ...['bin', 'lib', 'lib64', 'sbin'].flatMap((name) => ['--symlink', `usr/${name}`, `/${name}`]),
    '--ro-bind',
    '/etc/fonts',
    '/etc/fonts',
    // soffice reads its bootstrap settings through links into /etc/libreoffice.
    '--ro-bind',
    '/etc/libreoffice',
    '/etc/libreoffice',
    // The system's font cache: without it fontconfig rescans every font (CJK included) at each start.
    '--ro-bind-try',
    '/var/cache/fontconfig',
    '/var/cache/fontconfig',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...(bridgePath ? ['--ro-bind', bridgePath, '/bridge/uno-bridge.py'] : []),
    '--bind',
    join(root, 'profile'),
    '/profile',
    '--bind',
    join(root, 'home'),
    '/home/office',
    '--bind',
    join(root, 'tmp'),
    '/tmp',
    '--bind',
    join(root, 'job'),
    '/job',
    '--chdir',
    '/job',
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/bin',
    '--setenv',
    'HOME',
    '/home/office',
    '--setenv',
    'TMPDIR',
    '/tmp',
    '--setenv',
    'LANG',
    'C.UTF-8',
  ];
}
