import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * Pages and zips for HTML to PDF's tests, built by the tests that use them (nothing stored): a canary that counts
 * every connection and datagram on a loopback address of its own, a page that tries every way a page has to reach
 * it, and zips with hostile entries.
 */

/** A listener on a loopback address other than 127.0.0.1 (the whole 127/8 is the host's own): HTTP and UDP. */
export type Canary = {
  /** `http://127.0.0.2:<port>` */
  readonly origin: string;
  readonly host: string;
  readonly port: number;
  /** TCP connections accepted, HTTP requests answered and UDP datagrams received, since the start. */
  hits(): { connections: number; requests: number; datagrams: number };
  close(): Promise<void>;
};

/**
 * Starts a canary on `host`: every TCP connection, HTTP request (answered by a redirect to itself, so a follower of
 * redirects would come back) and UDP datagram on its port is counted.
 */
export async function startCanary(host = '127.0.0.2'): Promise<Canary> {
  const counts = { connections: 0, requests: 0, datagrams: 0 };
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    counts.requests += 1;
    response.writeHead(302, { location: '/redirected' }).end();
  });
  server.on('connection', (socket) => {
    counts.connections += 1;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the canary has no port');
  const udp: UdpSocket = createSocket('udp4');
  udp.on('message', () => {
    counts.datagrams += 1;
  });
  await new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(address.port, host, resolve);
  });
  return {
    origin: `http://${host}:${address.port}`,
    host,
    port: address.port,
    hits: () => ({ ...counts }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => udp.close(() => resolve()));
    },
  };
}

/**
 * A page that tries every way it has to reach `canary` (and a host name, and the local disk), each named by a
 * comment: styles, an `@import`, a font, backgrounds, pictures, a favicon, preconnect, DNS prefetch and prefetch
 * hints, frames (one by `file://`), an object, media, a link's ping, a form posted, a script from away, `fetch`,
 * XHR, a WebSocket, an EventSource, a beacon, a worker's fetch and import, a service worker, WebRTC's STUN (UDP), a
 * meta refresh, a script's navigation and a window opened. Its text holds `mark`, which the PDF must show.
 */
export function networkProbePage(canary: Canary, mark: string): string {
  const c = canary.origin;
  const ws = `ws://${canary.host}:${canary.port}`;
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>probe</title>
<link rel="stylesheet" href="${c}/style.css">
<link rel="preconnect" href="${c}">
<link rel="dns-prefetch" href="//canary.quire-test.example">
<link rel="prefetch" href="${c}/prefetch">
<link rel="preload" href="${c}/preload.js" as="script">
<link rel="icon" href="${c}/favicon.ico">
<base href="${c}/base/">
<meta http-equiv="refresh" content="0; url=${c}/refresh">
<style>
@import url("${c}/import.css");
@font-face { font-family: Away; src: url("${c}/font.woff2") format("woff2"); }
body { background: url("${c}/background.png"); }
h1 { font-family: Away, sans-serif; }
.dns { background-image: url("http://canary.quire-test.example/dns.png"); }
</style>
</head><body>
<h1>${mark}</h1>
<iframe src="inner.html"></iframe>
<p class="dns">A page that tries to reach out.</p>
<img src="${c}/image.png" alt="">
<img src="http://canary.quire-test.example/image.png" alt="">
<img src="file:///etc/passwd" alt="">
<img srcset="${c}/srcset.png 2x" alt="">
<iframe src="${c}/frame"></iframe>
<iframe src="file:///etc/passwd"></iframe>
<object data="${c}/object"></object>
<video src="${c}/video.mp4" poster="${c}/poster.png"></video>
<audio src="${c}/audio.mp3" autoplay></audio>
<a ping="${c}/ping" href="${c}/link" id="link">a link</a>
<form action="${c}/form" method="post"><input name="x" value="y"></form>
<script src="${c}/script.js"></script>
<script>
  fetch('${c}/fetch').catch(() => {});
  fetch('file:///etc/passwd').catch(() => {});
  fetch('http://canary.quire-test.example/fetch').catch(() => {});
  try { const xhr = new XMLHttpRequest(); xhr.open('GET', '${c}/xhr'); xhr.send(); } catch {}
  try { new WebSocket('${ws}/socket'); } catch {}
  try { new EventSource('${c}/events'); } catch {}
  try { navigator.sendBeacon('${c}/beacon', 'x'); } catch {}
  try {
    const code = "fetch('${c}/worker-fetch').catch(() => {}); try { importScripts('${c}/worker-import.js'); } catch {}";
    new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
  } catch {}
  try { navigator.serviceWorker.register('${c}/sw.js').catch(() => {}); } catch {}
  try {
    const peer = new RTCPeerConnection({ iceServers: [{ urls: 'stun:${canary.host}:${canary.port}' }] });
    peer.createDataChannel('x');
    peer.createOffer().then((offer) => peer.setLocalDescription(offer)).catch(() => {});
  } catch {}
  document.write('<img src="${c}/written.png" alt="">');
  // Once loaded, the page tries to leave: a click on its link, a window, a form posted, a new address.
  addEventListener('load', () => {
    try { document.getElementById('link').click(); } catch {}
    try { window.open('${c}/popup'); } catch {}
    setTimeout(() => { try { document.forms[0].submit(); } catch {} }, 0);
    setTimeout(() => { location.href = '${c}/location'; }, 0);
  });
</script>
</body></html>
`;
}

/** A frame of the same site that sends itself to the canary: a refresh and a script's redirect. */
export function redirectingFrame(canary: Canary): string {
  return `<!doctype html><meta http-equiv="refresh" content="0; url=${canary.origin}/frame-refresh">
<p>inner</p><script>location.replace('${canary.origin}/frame-redirect');</script>`;
}

/** A zip of these files (text as UTF-8), as a browser's "compress folder" writes one. */
export function createZip(files: Readonly<Record<string, string | Uint8Array>>): Uint8Array {
  const zippable: Zippable = {};
  for (const [name, data] of Object.entries(files)) {
    zippable[name] = typeof data === 'string' ? strToU8(data) : data;
  }
  return zipSync(zippable);
}

/** A zip whose entry `name` is a symbolic link (Unix mode 0o120777) to `target`, beside the other files. */
export function zipWithSymlink(
  files: Readonly<Record<string, string>>,
  name: string,
  target: string,
): Uint8Array {
  const zippable: Zippable = {};
  for (const [file, data] of Object.entries(files)) zippable[file] = strToU8(data);
  zippable[name] = [strToU8(target), { os: 3, attrs: (0o120777 << 16) >>> 0 }];
  return zipSync(zippable);
}

/** A zip of `count` tiny files beside its page (more entries than HTML to PDF takes, when `count` is past it). */
export function zipWithManyEntries(count: number): Uint8Array {
  const zippable: Zippable = { 'index.html': strToU8('<p>many</p>') };
  for (let index = 0; index < count; index += 1) zippable[`f/${index}.txt`] = strToU8('x');
  return zipSync(zippable, { level: 0 });
}

/** A zip bomb: its page, and a file of `megabytes` zeros deflated to about a thousandth of that. */
export function zipBomb(megabytes: number): Uint8Array {
  return zipSync({
    'index.html': strToU8('<p>bomb</p>'),
    'zeros.bin': new Uint8Array(megabytes * 1024 * 1024),
  });
}
