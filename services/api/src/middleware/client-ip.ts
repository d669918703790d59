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
    const entries = ctx.get('X-Forwarded-For').split(',').map((s) => s.trim()).filter(Boolean);
    const last = entries[entries.length - 1];
    if (last && isIP(normalize(last))) return normalize(last);
  }
  return normalize(ctx.socket.remoteAddress ?? ctx.ip ?? 'unknown');
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
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
