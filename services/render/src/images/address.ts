/**
 * Which IP addresses a cell image may be fetched from.
 *
 * Only globally routable unicast addresses pass. Everything a server-side request could use to
 * reach our own network (loopback, private, link-local, CGNAT, cloud metadata, ULA) is refused,
 * and so are ranges that are never a real image host (documentation, benchmarking, multicast,
 * reserved, broadcast). IPv6 forms that carry an IPv4 address inside (mapped, NAT64, 6to4) are
 * judged by the IPv4 address they lead to, so ::ffff:127.0.0.1 is as loopback as 127.0.0.1.
 */

/** [first address as uint32, prefix length, name] */
type V4Range = readonly [number, number, string];

const V4_BLOCKED: readonly V4Range[] = [
  [ip4(0, 0, 0, 0), 8, 'this network'],
  [ip4(10, 0, 0, 0), 8, 'private'],
  [ip4(100, 64, 0, 0), 10, 'carrier-grade NAT'],
  [ip4(127, 0, 0, 0), 8, 'loopback'],
  // The whole link-local block, which holds 169.254.169.254 (AWS, GCP, Azure, OpenStack metadata).
  [ip4(169, 254, 0, 0), 16, 'link-local'],
  [ip4(172, 16, 0, 0), 12, 'private'],
  // IETF protocol assignments, incl. 192.0.0.192 (Oracle Cloud metadata).
  [ip4(192, 0, 0, 0), 24, 'protocol assignments'],
  [ip4(192, 0, 2, 0), 24, 'documentation'],
  [ip4(192, 88, 99, 0), 24, '6to4 relay'],
  [ip4(192, 168, 0, 0), 16, 'private'],
  [ip4(198, 18, 0, 0), 15, 'benchmarking'],
  [ip4(198, 51, 100, 0), 24, 'documentation'],
  [ip4(203, 0, 113, 0), 24, 'documentation'],
  [ip4(224, 0, 0, 0), 4, 'multicast'],
  // Reserved class E, which ends in 255.255.255.255 (broadcast).
  [ip4(240, 0, 0, 0), 4, 'reserved'],
];

function ip4(a: number, b: number, c: number, d: number): number {
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

function inV4Range(addr: number, [base, prefix]: V4Range): boolean {
  if (prefix === 0) return true;
  const mask = (0xffffffff << (32 - prefix)) >>> 0;
  return (addr & mask) >>> 0 === base;
}

/** Name of the refused IPv4 range holding addr, or null when it is public. */
export function blockedIPv4(addr: number): string | null {
  for (const range of V4_BLOCKED) if (inV4Range(addr, range)) return range[2];
  return null;
}

/**
 * Parses IPv4 the way inet_aton and the WHATWG URL parser do: 1 to 4 parts, each decimal, octal
 * (leading 0) or hex (0x); the last part fills the remaining bytes (so 2130706433, 0x7f.1 and
 * 017700000001 are all 127.0.0.1). Returns the address as uint32, or null when it is not IPv4.
 */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  // The URL parser tolerates one trailing dot ("127.0.0.1.").
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length < 1 || parts.length > 4) return null;
  const nums: number[] = [];
  for (const part of parts) {
    const n = parseIPv4Part(part);
    if (n === null) return null;
    nums.push(n);
  }
  const last = nums.pop() as number;
  for (const n of nums) if (n > 255) return null;
  if (last >= 256 ** (4 - nums.length)) return null;
  let value = 0;
  nums.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return value + last;
}

function parseIPv4Part(part: string): number | null {
  if (/^0[xX][0-9a-fA-F]*$/.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16);
  if (/^0[0-7]+$/.test(part)) return parseInt(part.slice(1), 8);
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part);
  return null;
}

/** Parses an IPv6 address (optionally in brackets; no zone id) into 8 16-bit groups. */
export function parseIPv6(text: string): number[] | null {
  let s = text;
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (s.includes('%') || !s.includes(':')) return null;
  // An embedded dotted quad ("::ffff:1.2.3.4") is the last two groups written in decimal.
  const lastColon = s.lastIndexOf(':');
  const tail = s.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(tail)) return null;
    const bytes = tail.split('.').map(Number);
    if (bytes.some((b) => b > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    s = `${s.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parseHalf = (h: string): number[] | null => {
    if (h === '') return [];
    const out: number[] = [];
    for (const g of h.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = parseHalf(halves[0] ?? '');
  const rest = halves.length === 2 ? parseHalf(halves[1] ?? '') : [];
  if (!head || !rest) return null;
  const explicit = head.length + rest.length;
  if (halves.length === 2) {
    if (explicit > 7) return null;
    return [...head, ...new Array<number>(8 - explicit).fill(0), ...rest];
  }
  return explicit === 8 ? head : null;
}

function embeddedV4(hi: number, lo: number): number {
  return ((hi << 16) | lo) >>> 0;
}

/** Name of the refused IPv6 range holding the address, or null when it is public. */
export function blockedIPv6(g: readonly number[]): string | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo4 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroTo4 && g5 === 0xffff) {
    const inner = blockedIPv4(embeddedV4(g6, g7));
    return inner === null ? null : `${inner} (IPv4-mapped)`;
  }
  if (zeroTo4 && g5 === 0) {
    if (g6 === 0 && g7 === 0) return 'unspecified';
    if (g6 === 0 && g7 === 1) return 'loopback';
    // IPv4-compatible addresses are deprecated (RFC 4291) and only ever point somewhere odd.
    return 'IPv4-compatible';
  }
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return 'IPv4-translated';
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    const inner = blockedIPv4(embeddedV4(g6, g7));
    return inner === null ? null : `${inner} (NAT64)`;
  }
  // Only 2000::/3 is global unicast; the rest is loopback, ULA (fc00::/7, incl. fd00:ec2::254, the
  // AWS metadata address), link-local, site-local, multicast, NAT64 local use, discard, reserved.
  if ((g0 & 0xe000) !== 0x2000) {
    if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
    if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
    if ((g0 & 0xff00) === 0xff00) return 'multicast';
    return 'reserved';
  }
  if (g0 === 0x2002) {
    // 6to4: the IPv4 relay address sits in groups 1–2.
    const inner = blockedIPv4(embeddedV4(g1, g2));
    return inner === null ? null : `${inner} (6to4)`;
  }
  // 2001::/23 holds Teredo (which hides an IPv4 address), benchmarking and ORCHID.
  if (g0 === 0x2001 && g1 < 0x0200) return 'protocol assignments';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation';
  if ((g0 & 0xfff0) === 0x3ff0) return 'documentation';
  return null;
}

/**
 * Why an address may not be fetched from ("loopback", "private (IPv4-mapped)", …), or null
 * when it is a public unicast address. Text that is not an IP address is refused as "invalid".
 */
export function blockedAddressReason(address: string): string | null {
  const v6 = parseIPv6(address);
  if (v6) return blockedIPv6(v6);
  const v4 = parseIPv4(address);
  if (v4 !== null) return blockedIPv4(v4);
  return 'invalid';
}

export function isPublicAddress(address: string): boolean {
  return blockedAddressReason(address) === null;
}

/** Dotted-quad text of a uint32 IPv4 address. */
export function formatIPv4(addr: number): string {
  return [addr >>> 24, (addr >>> 16) & 255, (addr >>> 8) & 255, addr & 255].join('.');
}
