import { describe, expect, it } from 'vitest';
import { IMPORT_FILE_REASONS as R } from '@visa/shared/import-texts';
import { fetchFile } from '../../src/modules/operations/import/files-fetch.js';
import { isPrivateAddress } from '../../src/modules/operations/import/public-address.js';

/** Every form of address the import must not fetch from (ADR 0065), and the public ones it must. */

const REFUSED: [form: string, address: string][] = [
  ['IPv4 private 10/8', '10.1.2.3'],
  ['IPv4 private 172.16/12', '172.20.0.1'],
  ['IPv4 private 192.168/16', '192.168.1.1'],
  ['IPv4 loopback', '127.0.0.1'],
  ['IPv4 loopback, elsewhere in 127/8', '127.255.255.254'],
  ['IPv4 link-local (cloud metadata)', '169.254.169.254'],
  ['IPv4 shared address space (CGNAT) 100.64/10', '100.64.0.1'],
  ['IPv4 shared address space, its top', '100.127.255.254'],
  ['IPv4 this network 0/8', '0.0.0.0'],
  ['IPv4 this network, not all zeros', '0.1.2.3'],
  ['IPv4 limited broadcast', '255.255.255.255'],
  ['IPv4 multicast', '224.0.0.251'],
  ['IPv4 multicast, its top', '239.255.255.255'],
  ['IPv4 reserved 240/4', '240.0.0.1'],
  ['IPv4 IETF protocol assignments 192.0.0/24', '192.0.0.8'],
  ['IPv4 documentation TEST-NET-1', '192.0.2.10'],
  ['IPv4 documentation TEST-NET-2', '198.51.100.7'],
  ['IPv4 documentation TEST-NET-3', '203.0.113.9'],
  ['IPv4 benchmarking 198.18/15', '198.18.0.1'],
  ['IPv4 benchmarking, second half', '198.19.255.254'],
  ['IPv4 6to4 relay anycast', '192.88.99.1'],
  ['IPv6 loopback', '::1'],
  ['IPv6 loopback, written in full', '0:0:0:0:0:0:0:1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 unique local fc00::/7', 'fc00::1'],
  ['IPv6 unique local fd00::/8', 'fd12:3456:789a::1'],
  ['IPv6 link-local fe80::/10', 'fe80::1'],
  ['IPv6 link-local with a zone', 'fe80::1%eth0'],
  ['IPv6 site-local (deprecated)', 'fec0::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv4-mapped loopback, dotted', '::ffff:127.0.0.1'],
  ['IPv4-mapped loopback, hex', '::ffff:7f00:1'],
  ['IPv4-mapped private, dotted', '::ffff:10.0.0.1'],
  ['IPv4-mapped metadata, hex', '::ffff:a9fe:a9fe'],
  ['IPv4-mapped documentation', '::ffff:192.0.2.1'],
  ['IPv4-compatible loopback, dotted', '::127.0.0.1'],
  ['IPv4-compatible loopback, hex', '::7f00:1'],
  ['IPv4-compatible private', '::10.0.0.1'],
  ['IPv4-compatible, public inside: the form itself is deprecated', '::8.8.8.8'],
  ['IPv4-translated ::ffff:0:a.b.c.d', '::ffff:0:7f00:1'],
  ['NAT64 well-known prefix, loopback inside, dotted', '64:ff9b::127.0.0.1'],
  ['NAT64 well-known prefix, private inside, hex', '64:ff9b::a00:1'],
  ['NAT64 well-known prefix, metadata inside', '64:ff9b::169.254.169.254'],
  ['NAT64 well-known prefix, documentation inside', '64:ff9b::c000:201'],
  ['NAT64 local-use 64:ff9b:1::/48, whatever it carries', '64:ff9b:1::808:808'],
  ['6to4 embedding a private IPv4', '2002:c0a8:101::1'],
  ['6to4 embedding loopback', '2002:7f00:1::'],
  ['6to4 embedding a public IPv4: relays, deprecated', '2002:808:808::1'],
  ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ['IPv6 documentation 2001:db8::/32', '2001:db8::1'],
  ['IPv6 documentation 3fff::/20', '3fff::1'],
  ['IPv6 benchmarking 2001:2::/48', '2001:2::1'],
  ['IPv6 discard-only 100::/64', '100::1'],
  ['IPv6 ORCHIDv2', '2001:20::1'],
  ['IPv6 outside global unicast 2000::/3', '4000::1'],
  ['IPv4 as a decimal number', '2130706433'],
  ['IPv4 with octal parts', '0177.0.0.1'],
  ['IPv4 with a hex part', '0x7f.0.0.1'],
  ['IPv4 with fewer parts', '127.1'],
  ['not an address at all', 'localhost'],
  ['empty', ''],
];

const ALLOWED: [form: string, address: string][] = [
  ['public IPv4', '93.184.216.34'],
  ['public IPv4, a resolver', '8.8.8.8'],
  ['public IPv4 next to 100.64/10', '100.128.0.1'],
  ['public IPv4 next to 198.18/15', '198.20.0.1'],
  ['public IPv6', '2606:4700::1111'],
  ['public IPv6, a resolver', '2001:4860:4860::8888'],
  ['IPv4-mapped public', '::ffff:8.8.8.8'],
  ['NAT64 well-known prefix, public inside: the gateway reaches only that address', '64:ff9b::808:808'],
];

const refusing = { allowPrivateHosts: false, timeoutMs: 1000, attempts: 1, retryDelayMs: 1, maxBytes: 1024 };

describe('the import’s address check', () => {
  it.each(REFUSED)('refuses %s (%s)', (_form, address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(ALLOWED)('allows %s (%s)', (_form, address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  // The URL parser rewrites these hosts into canonical addresses; each is refused before any connection is made.
  it.each([
    'http://2130706433/letter.jpg',
    'http://0177.0.0.1/letter.jpg',
    'http://0x7f.1/letter.jpg',
    'http://127.1/letter.jpg',
    'http://0/letter.jpg',
    'http://[::ffff:7f00:1]/letter.jpg',
    'http://[::ffff:127.0.0.1]/letter.jpg',
    'http://[::127.0.0.1]/letter.jpg',
    'http://[64:ff9b::10.0.0.1]/letter.jpg',
    'http://[2002:c0a8:101::1]/letter.jpg',
    'http://[2001:db8::1]/letter.jpg',
    'http://198.51.100.7/letter.jpg',
    'http://169.254.169.254/latest/meta-data/',
  ])('refuses to fetch %s', async (address) => {
    expect(await fetchFile(address, refusing)).toEqual({ ok: false, reason: R.privateHost });
  });
});
