import { join } from 'node:path';
import { bubblewrapArgs } from '../process/bubblewrap-args.ts';

/** Debian's Chromium itself (`/usr/bin/chromium` is a shell script that reads `/etc/chromium.d`, outside the sandbox). */
export const CHROMIUM_BINARY = '/usr/lib/chromium/chromium';
/** The user Chromium runs as inside its sandbox: not root, so that Chromium's own sandbox of its renderers is on. */
const SANDBOX_UID = '1000';

/**
 * bubblewrap arguments for one Chromium whose private directory is `root` (with `profile/` and `tmp/` inside): the
 * engines' sandbox (`bubblewrapArgs`, as LibreOffice's: no network at all, so a listener on the host's loopback is
 * unreachable and there is no DNS; no capabilities; its own PID namespace; only the read-only system and fonts)
 * besides its two directories. It sees no file of the job: the page reaches Chromium through the DevTools pipe alone
 * (`print-html.ts`). Chromium runs as an ordinary user in its own user namespace, so its renderers get Chromium's
 * own sandbox too.
 */
export function chromiumSandboxArgs(root: string): string[] {
  return bubblewrapArgs({
    uid: SANDBOX_UID,
    writable: [
      { from: join(root, 'profile'), to: '/profile' },
      { from: join(root, 'tmp'), to: '/tmp' },
    ],
    home: '/tmp',
    workDir: '/tmp',
  });
}

/**
 * Chromium's own flags: headless, driven through a pipe (`--remote-debugging-pipe`, no port), and with every way
 * out closed a second time inside the sandbox that already has no network: a proxy on a dead port for every
 * address, loopback included; every host name unresolvable; WebRTC kept to the proxy (so no UDP); no DNS prefetch,
 * no background requests (updates, safe browsing, metrics, sync), no extensions. A script's heap is capped so that
 * a page that grows its memory without end fails early rather than at the job's memory limit.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--remote-debugging-pipe',
  '--user-data-dir=/profile',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-sync',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-breakpad',
  '--disable-features=Translate,MediaRouter,OptimizationHints,DnsOverHttps,NetworkPrediction',
  '--dns-prefetch-disable',
  '--no-pings',
  '--mute-audio',
  '--metrics-recording-only',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--force-webrtc-ip-handling-policy',
  '--js-flags=--max-old-space-size=512',
  'about:blank',
];
