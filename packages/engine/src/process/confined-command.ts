/** Caps the kernel applies to a program started through `confinedCommand`. */
export type Confinement = {
  /** Address-space cap (`RLIMIT_AS`); never for WebAssembly, whose memory reservations it breaks. */
  maxMemoryBytes?: number;
  /** Size cap of any one file the program writes (`RLIMIT_FSIZE`). */
  maxFileBytes?: number;
};

/**
 * The argument list that starts `command` under `prlimit` (the given caps, no core dumps) and `setpriv
 * --pdeathsig KILL` (the kernel kills it when the thread that started it ends), for `spawn('prlimit', …)`: a
 * program never outlives the process that started it, nor writes into a job directory swept after a crash.
 */
export function confinedArgs(
  { maxMemoryBytes, maxFileBytes }: Confinement,
  command: string,
  args: readonly string[],
): string[] {
  return [
    ...(maxMemoryBytes === undefined ? [] : [`--as=${maxMemoryBytes}`]),
    ...(maxFileBytes === undefined ? [] : [`--fsize=${maxFileBytes}`]),
    '--core=0',
    '--',
    'setpriv',
    '--pdeathsig',
    'KILL',
    '--',
    command,
    ...args,
  ];
}
