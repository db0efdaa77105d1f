import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client an address-keyed limit counts (ADR 0038). An IPv4 address is one client, and so is an
 * IPv4 address written as IPv6 (::ffff:a.b.c.d). An IPv6 address counts with its whole prefix: one
 * subscriber is handed a /64 or more and can send each request from a new address in it.
 */
export function addressGroup(written: string, ipv6Prefix: number): string {
  const address = bareAddress(written);
  if (isIPv4(address) || !isIPv6(address)) return address;
  const words = ipv6Words(address);
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) {
    return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff].join('.');
  }
  const masked = words.map((word, i) => {
    const bits = Math.min(16, Math.max(0, ipv6Prefix - 16 * i));
    return bits === 0 ? 0 : word & ((0xffff << (16 - bits)) & 0xffff);
  });
  return `${masked.map((w) => w.toString(16)).join(':')}/${ipv6Prefix}`;
}

/**
 * The address without what some proxies write around it in X-Forwarded-For: brackets around an
 * IPv6 address, a port after either kind. Otherwise each new port of one client (every connection
 * has its own) would be a new client to every limit.
 */
function bareAddress(written: string): string {
  const text = written.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1]!;
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(text);
  return withPort ? withPort[1]! : text;
}

/** The eight 16-bit words of a valid IPv6 address, with `::` filled in and a dotted IPv4 tail split in two. */
function ipv6Words(address: string): number[] {
  const [withoutZone = ''] = address.split('%');
  const [head = '', tail] = withoutZone.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((piece) => {
          if (!piece.includes('.')) return [parseInt(piece, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  const gap = tail === undefined ? [] : Array<number>(8 - front.length - back.length).fill(0);
  return [...front, ...gap, ...back];
}
