import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the import may fetch from (ADR 0042, ADR 0065). Deny by default: an address is
 * public only when ipaddr.js, which follows IANA's special-purpose registries, names it plain
 * unicast. So loopback, private, link-local (cloud metadata), shared (CGNAT), multicast,
 * broadcast, documentation, benchmarking and reserved ranges are all refused, and a range added
 * to the registries is one library update away rather than a line of arithmetic here.
 */

/** Global unicast (2000::/3): IPv6 outside it is reserved, local or a translation form, never a server on the internet. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** The NAT64 well-known prefix (RFC 6052): the last 32 bits are the IPv4 address the gateway connects to. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

const publicV4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/** The IPv4 address an IPv6 one stands for, when its embedding is fixed by the standard (mapped, or the NAT64 well-known prefix). */
function embeddedV4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (address.match(NAT64_WELL_KNOWN)) return new ipaddr.IPv4(address.toByteArray().slice(12));
  return null;
}

/**
 * Whether an address is outside the public internet. Only the canonical spellings a resolver or
 * the URL parser gives are read: anything else (a bare number, octal parts) is refused rather than
 * guessed at. An IPv4 address written as IPv6 (mapped, or through the NAT64 well-known prefix) is
 * judged as the IPv4 address it reaches; the other forms that carry one (IPv4-compatible ::a.b.c.d,
 * 6to4, Teredo, NAT64 local-use prefixes whose layout only the network knows) are refused whatever they carry.
 */
export function isPrivateAddress(text: string): boolean {
  const family = net.isIP(text);
  if (family === 0) return true;
  if (family === 4) return !(ipaddr.IPv4.isValidFourPartDecimal(text) && publicV4(ipaddr.IPv4.parse(text)));
  // A zone is only for scoped (link-local) addresses.
  if (text.includes('%')) return true;
  // ipaddr.js reads a dotted tail after '::' as IPv4-mapped (::8.8.8.8 as ::ffff:8.8.8.8), which is
  // not the address a socket would go to; the URL parser's canonical spelling is all hex.
  const v6 = ipaddr.IPv6.parse(new URL(`http://[${text}]`).hostname.slice(1, -1));
  const v4 = embeddedV4(v6);
  if (v4) return !publicV4(v4);
  return !(v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast');
}
