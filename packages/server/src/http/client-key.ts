import { createHmac, randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';

/**
 * The network a request comes from, as counted for rate limiting and fair share: an IPv4 address, or the /64
 * network of an IPv6 address (one household or server usually holds a whole /64, so counting single IPv6
 * addresses would be no limit at all). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientNetwork(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Who a request counts against, without its address: the client's network (`clientNetwork`) as an HMAC under a
 * key of the day (itself an HMAC of the UTC day under a secret), so rate-limit and fair-share counters, in memory
 * or in Redis, never hold an address, and a day's codes cannot be linked to the next day's. The secret is random
 * per process, or shared by the web processes of a cluster (`cluster/client-secret.ts`) so that they count a
 * client alike.
 */
export class ClientCodes {
  #secret: Buffer;
  #day = Number.NaN;
  #dayKey = Buffer.alloc(0);

  constructor(secret: Buffer = randomBytes(32)) {
    this.#secret = secret;
  }

  /** Uses the cluster's shared secret from now on. */
  useSecret(secret: Buffer): void {
    if (secret.equals(this.#secret)) return;
    this.#secret = secret;
    this.#day = Number.NaN;
  }

  /** The client code of a request from `ip` (`net:` and 24 hex digits). */
  of(ip: string, now = Date.now()): string {
    const day = Math.floor(now / DAY_MS);
    if (day !== this.#day) {
      this.#dayKey = createHmac('sha256', this.#secret).update(String(day)).digest();
      this.#day = day;
    }
    return `net:${createHmac('sha256', this.#dayKey).update(clientNetwork(ip)).digest('hex').slice(0, 24)}`;
  }
}
