import { join } from 'node:path';
import { bubblewrapArgs } from '../process/bubblewrap-args.ts';

/**
 * bubblewrap arguments for one LibreOffice instance whose private directory is `root` (with `profile/`, `home/`,
 * `tmp/` and `job/` inside): the engines' sandbox (`bubblewrapArgs`: no network, no capabilities, only the read-only
 * system) with LibreOffice's configuration, the bridge script (when given) and its own four directories; no other
 * job's files, no /home, no /etc beyond fonts and LibreOffice's own.
 */
export function sandboxArgs(root: string, bridgePath?: string): string[] {
  return bubblewrapArgs({
    readOnly: [
      // soffice reads its bootstrap settings through links into /etc/libreoffice.
      { from: '/etc/libreoffice', to: '/etc/libreoffice' },
      ...(bridgePath ? [{ from: bridgePath, to: '/bridge/uno-bridge.py' }] : []),
    ],
    writable: [
      { from: join(root, 'profile'), to: '/profile' },
      { from: join(root, 'home'), to: '/home/office' },
      { from: join(root, 'tmp'), to: '/tmp' },
      { from: join(root, 'job'), to: '/job' },
    ],
    home: '/home/office',
    workDir: '/job',
  });
}
