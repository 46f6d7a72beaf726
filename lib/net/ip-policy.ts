import ipaddr from "ipaddr.js";

/**
 * Whether the server may call an address on a client's behalf: only public unicast. ipaddr.js names
 * every special range (private, loopback, link-local, unique-local, carrier-grade NAT, multicast,
 * unspecified, broadcast, documentation and benchmarking, 6to4, Teredo, NAT64…) and calls everything
 * else `unicast`; we allow only that, and in IPv6 only inside 2000::/3 (the global unicast space).
 * IPv4 inside IPv6 (mapped ::ffff:a.b.c.d, and the deprecated compatible ::a.b.c.d) is judged as the IPv4.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  // ipaddr.js reads "::a.b.c.d" as the mapped ::ffff:a.b.c.d; it is not. Dotted IPv6 is judged only in the mapped form.
  if (ip.includes(":") && ip.includes(".") && !/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) return false;
  const addr = ipaddr.parse(ip);
  if (addr.kind() === "ipv4") return addr.range() === "unicast";
  const v6 = addr as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  const parts = v6.parts;
  if (parts.slice(0, 6).every((p) => p === 0)) return false; // ::/96: unspecified, loopback, IPv4-compatible
  return v6.range() === "unicast" && (parts[0] & 0xe000) === 0x2000;
}

/** The range name of a refused address, for the attempt record ("loopback", "private"…). */
export function rangeOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return "invalid";
  const addr = ipaddr.parse(ip);
  const v6 = addr.kind() === "ipv6" ? (addr as ipaddr.IPv6) : null;
  if (v6?.isIPv4MappedAddress()) return `ipv4Mapped ${v6.toIPv4Address().range()}`;
  return addr.range();
}
