import ipaddr from 'ipaddr.js';

/**
 * Who a request counts against for rate limiting: an IPv4 address, or the /64 network of an IPv6 address (one
 * household or server usually holds a whole /64, so counting single IPv6 addresses would be no limit at all).
 * IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
