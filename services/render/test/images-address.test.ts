import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockedAddressReason, blockedIPv4, formatIPv4, parseIPv4, parseIPv6 } from '../src/images/address';

const ip4 = (a: number, b: number, c: number, d: number) => ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** Refused IPv4 ranges as [base, prefix]; kept apart from the implementation's table on purpose. */
const REFUSED_V4: Array<[number, number]> = [
  [ip4(0, 0, 0, 0), 8],
  [ip4(10, 0, 0, 0), 8],
  [ip4(100, 64, 0, 0), 10],
  [ip4(127, 0, 0, 0), 8],
  [ip4(169, 254, 0, 0), 16],
  [ip4(172, 16, 0, 0), 12],
  [ip4(192, 0, 0, 0), 24],
  [ip4(192, 0, 2, 0), 24],
  [ip4(192, 168, 0, 0), 16],
  [ip4(198, 18, 0, 0), 15],
  [ip4(198, 51, 100, 0), 24],
  [ip4(203, 0, 113, 0), 24],
  [ip4(224, 0, 0, 0), 4],
  [ip4(240, 0, 0, 0), 4],
];

const refusedV4 = fc
  .tuple(fc.constantFrom(...REFUSED_V4), fc.nat())
  .map(([[base, prefix], r]) => (base + (r % 2 ** (32 - prefix))) >>> 0);

/** Addresses inside blocks handed to real networks (Google, Cloudflare, RIPE/ARIN space). */
const publicV4 = fc
  .tuple(fc.constantFrom(1, 8, 23, 45, 93, 104, 142, 151, 185, 216), fc.integer({ min: 0, max: 0xffffff }))
  .map(([a, rest]) => ((a << 24) | rest) >>> 0);

const hex = (n: number) => n.toString(16);

/** The IPv6 spellings that carry an IPv4 address inside. */
function v6Forms(n: number): string[] {
  const hi = n >>> 16;
  const lo = n & 0xffff;
  const dotted = formatIPv4(n);
  return [
    `::ffff:${dotted}`,
    `::ffff:${hex(hi)}:${hex(lo)}`,
    `0:0:0:0:0:ffff:${dotted}`,
    `0000:0000:0000:0000:0000:FFFF:${hex(hi).toUpperCase()}:${hex(lo)}`,
    `64:ff9b::${dotted}`,
    `64:ff9b::${hex(hi)}:${hex(lo)}`,
  ];
}

/** Spellings of one IPv4 address that inet_aton and the WHATWG URL parser accept. */
function v4Notations(n: number): string[] {
  const [a, b, c, d] = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const oct = (x: number) => `0${x.toString(8)}`;
  const hx = (x: number) => `0x${x.toString(16)}`;
  return [
    String(n),
    hx(n),
    oct(n),
    `${a}.${b}.${c}.${d}`,
    `${hx(a)}.${oct(b)}.${c}.${hx(d)}`,
    `${a}.${b}.${(c << 8) | d}`,
    `${hx(a)}.${(b << 16) | (c << 8) | d}`,
    `${oct(a)}.${hx((b << 16) | (c << 8) | d)}`,
    `${a}.${b}.${c}.${d}.`,
  ];
}

describe('IPv4 notations', () => {
  it('the URL parser normalises decimal, octal and hex hosts to the dotted quad we classify', () => {
    expect(new URL('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(new URL('http://0x7f.1/').hostname).toBe('127.0.0.1');
    expect(new URL('http://017700000001/').hostname).toBe('127.0.0.1');
    expect(new URL('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        for (const form of v4Notations(n)) {
          expect(new URL(`http://${form}/`).hostname).toBe(formatIPv4(n));
          expect(parseIPv4(form)).toBe(n);
        }
      }),
    );
  });

  it('refuses every address of every private, loopback, link-local, CGNAT, reserved… range in any notation', () => {
    fc.assert(
      fc.property(refusedV4, (n) => {
        for (const form of v4Notations(n)) expect(blockedAddressReason(form)).not.toBeNull();
      }),
    );
  });

  it('allows public addresses', () => {
    fc.assert(
      fc.property(publicV4, (n) => {
        expect(blockedIPv4(n)).toBeNull();
      }),
    );
    expect(blockedAddressReason('8.8.8.8')).toBeNull();
    expect(blockedAddressReason('1.1.1.1')).toBeNull();
  });

  it('names the ranges that matter most', () => {
    expect(blockedAddressReason('169.254.169.254')).toBe('link-local');
    expect(blockedAddressReason('100.100.100.200')).toBe('carrier-grade NAT');
    expect(blockedAddressReason('255.255.255.255')).toBe('reserved');
    expect(blockedAddressReason('0.0.0.0')).toBe('this network');
    expect(blockedAddressReason('172.31.255.255')).toBe('private');
    expect(blockedAddressReason('172.32.0.1')).toBeNull();
  });
});

describe('IPv6', () => {
  it('judges IPv4-mapped and NAT64 forms by the IPv4 address inside', () => {
    fc.assert(
      fc.property(refusedV4, (n) => {
        for (const form of v6Forms(n)) {
          expect(blockedAddressReason(form)).not.toBeNull();
          // What the URL parser makes of it (e.g. [::ffff:7f00:1]) is refused as well.
          expect(blockedAddressReason(new URL(`http://[${form}]/`).hostname)).not.toBeNull();
        }
      }),
    );
    fc.assert(
      fc.property(publicV4, (n) => {
        for (const form of v6Forms(n)) expect(blockedAddressReason(form)).toBeNull();
      }),
    );
  });

  it('refuses loopback, unspecified, metadata, unique-local, link-local, multicast, documentation and 6to4-of-private', () => {
    for (const a of [
      '::1',
      '::',
      '[::1]',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      '::127.0.0.1',
      '::7f00:1',
      '2002:7f00:1::1',
      '2002:a00:1::',
      '64:ff9b:1::1',
      '100::1',
      '2001::1',
      '3fff::1',
    ]) {
      expect(blockedAddressReason(a), a).not.toBeNull();
    }
    expect(blockedAddressReason('fd00:ec2::254')).toBe('unique-local');
    expect(blockedAddressReason('::ffff:7f00:1')).toBe('loopback (IPv4-mapped)');
    expect(blockedAddressReason('64:ff9b::10.1.2.3')).toBe('private (NAT64)');
    expect(blockedAddressReason('fe80::1%eth0')).toBe('invalid');
  });

  it('refuses random addresses outside global unicast and allows random ones inside 2600::/12', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    const rest = fc.array(group, { minLength: 7, maxLength: 7 });
    fc.assert(
      fc.property(fc.constantFrom(0xfc00, 0xfd00, 0xfe80, 0xfebf, 0xff00, 0xff02, 0x0100), rest, (g0, tail) => {
        expect(blockedAddressReason([g0, ...tail].map(hex).join(':'))).not.toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0x2600, max: 0x260f }), rest, (g0, tail) => {
        expect(blockedAddressReason([g0, ...tail].map(hex).join(':'))).toBeNull();
      }),
    );
  });

  it('parses every spelling the URL parser would produce to the same groups', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), { minLength: 8, maxLength: 8 }),
        (groups) => {
          const canonical = new URL(`http://[${groups.map(hex).join(':')}]/`).hostname;
          expect(parseIPv6(canonical)).toEqual(groups);
        },
      ),
    );
  });
});

describe('classifier robustness', () => {
  it('never throws and refuses anything that is not an address', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const reason = blockedAddressReason(s);
        expect(reason === null || typeof reason === 'string').toBe(true);
      }),
    );
    for (const s of [
      '',
      'localhost',
      'example.com',
      '1.2.3.4.5',
      '256.1.1.1',
      '::ffff:1.2.3',
      '1:2:3:4:5:6:7:8:9',
      ':::',
    ]) {
      expect(blockedAddressReason(s), s).toBe('invalid');
    }
  });
});
