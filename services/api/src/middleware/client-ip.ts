/**
 * The caller's IP address for rate limits and logs.
 *
 * Behind a trusted reverse proxy (TRUST_PROXY) the address is the right-most X-Forwarded-For
 * entry: the one our own proxy appended. Entries to its left were sent by the client and can be
 * forged, so they are never used for limits. Without a trusted proxy the socket address counts.
 */
import { isIP } from 'node:net';
import type { Context } from 'koa';

function normalize(ip: string): string {
  const trimmed = ip.trim().replace(/^\[|\]$/g, '');
  // IPv4 seen through a dual-stack socket.
  return trimmed.toLowerCase().startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

export function clientIp(ctx: Pick<Context, 'get' | 'socket' | 'ip'>, trustProxy: boolean): string {
  if (trustProxy) {
    const entries = ctx
      .get('X-Forwarded-For')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = entries[entries.length - 1];
    if (last && isIP(normalize(last))) return normalize(last);
  }
  return normalize(ctx.socket.remoteAddress ?? ctx.ip ?? 'unknown');
}

/** The eight groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counts as two groups). */
function ipv6Groups(ip: string): string[] {
  let address = ip;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (v4?.[1] && isIP(v4[1]) === 4) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    address = `${address.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  return address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
}

const shortGroup = (g: string): string => g.toLowerCase().replace(/^0+(?=.)/, '');

/**
 * What the sessions list shows of an address: its IPv4 /24 (`203.0.113.0/24`) or IPv6 /48
 * (`2001:db8:1::/48`) — enough to tell a network, not a subscriber. Anything else gives null.
 */
export function coarseIp(ip: string): string | null {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const kind = isIP(address);
  if (kind === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (kind === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return coarseIp(mapped[1]);
    return `${ipv6Groups(address).slice(0, 3).map(shortGroup).join(':')}::/48`;
  }
  return null;
}

/**
 * The key to rate-limit an address by. One IPv6 subscriber usually holds a whole /64, so IPv6
 * addresses are limited per /64 — else every request could come from a new address.
 */
export function ipRateKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
