/** A host path seen inside the sandbox at `to`. */
export type SandboxMount = { readonly from: string; readonly to: string };

export type SandboxSpec = {
  /** The user (and group) the program runs as in its own user namespace; bubblewrap's default (the caller's) if absent. */
  readonly uid?: string;
  /** Read-only files or folders beyond the system's programs, libraries and fonts (a configuration, a script). */
  readonly readOnly?: readonly SandboxMount[];
  /** The job's own folders, the only ones the program may write. */
  readonly writable: readonly SandboxMount[];
  /** `HOME` inside, and the folder it starts in. */
  readonly home: string;
  readonly workDir: string;
};

/**
 * bubblewrap arguments for one engine program that reads and writes nothing of the machine's beyond what `spec`
 * names: no network at all (`--unshare-all` leaves only its own loopback: a listener on the host's 127.0.0.1 is
 * unreachable, and there is no DNS), no capabilities, its own PID namespace that dies with its parent, a new session
 * (no terminal to write to), an empty environment, and only the read-only system (Debian's merged `/usr`, fonts and
 * their cache) besides its own folders. `/tmp` is the program's temporary folder: give it one of the writable mounts.
 */
export function bubblewrapArgs(spec: SandboxSpec): string[] {
  const mount = (flag: string) => (entry: SandboxMount) => [flag, entry.from, entry.to];
  return [
    '--unshare-all',
    ...(spec.uid === undefined ? [] : ['--uid', spec.uid, '--gid', spec.uid]),
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
    // The system's font cache: without it fontconfig rescans every font (CJK included) at each start.
    '--ro-bind-try',
    '/var/cache/fontconfig',
    '/var/cache/fontconfig',
    ...(spec.readOnly ?? []).flatMap(mount('--ro-bind')),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    ...spec.writable.flatMap(mount('--bind')),
    '--chdir',
    spec.workDir,
    '--clearenv',
    '--setenv',
    'PATH',
    '/usr/bin',
    '--setenv',
    'HOME',
    spec.home,
    '--setenv',
    'TMPDIR',
    '/tmp',
    '--setenv',
    'LANG',
    'C.UTF-8',
  ];
}
