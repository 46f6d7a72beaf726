import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/net/ip-policy";

const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = (a: fc.Arbitrary<number>, b: fc.Arbitrary<number> = octet) => fc.tuple(a, b, octet, octet).map((o) => o.join("."));
const hex16 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const v6 = (first: fc.Arbitrary<number>) =>
  fc.tuple(first, fc.array(hex16, { minLength: 7, maxLength: 7 })).map(([f, rest]) => [f.toString(16), ...rest].join(":"));
const mapped = (v4: string) => `::ffff:${v4}`;

/** Addresses that must never be called, by range. */
const blocked: Record<string, fc.Arbitrary<string>> = {
  "loopback 127/8": ipv4(fc.constant(127)),
  "private 10/8": ipv4(fc.constant(10)),
  "private 172.16/12": ipv4(fc.constant(172), fc.integer({ min: 16, max: 31 })),
  "private 192.168/16": ipv4(fc.constant(192), fc.constant(168)),
  "link-local 169.254/16": ipv4(fc.constant(169), fc.constant(254)),
  "CGNAT 100.64/10": ipv4(fc.constant(100), fc.integer({ min: 64, max: 127 })),
  "unspecified 0/8": ipv4(fc.constant(0)),
  "multicast 224/4": ipv4(fc.integer({ min: 224, max: 239 })),
  "reserved 240/4": ipv4(fc.integer({ min: 240, max: 255 })),
  "IPv6 link-local fe80::/10": v6(fc.integer({ min: 0xfe80, max: 0xfebf })),
  "IPv6 unique-local fc00::/7": v6(fc.integer({ min: 0xfc00, max: 0xfdff })),
  "IPv6 multicast ff00::/8": v6(fc.integer({ min: 0xff00, max: 0xffff })),
  "IPv4-mapped loopback": ipv4(fc.constant(127)).map(mapped),
  "IPv4-mapped private": ipv4(fc.constant(10)).map(mapped),
  "IPv4-mapped link-local": ipv4(fc.constant(169), fc.constant(254)).map(mapped),
  "IPv4-compatible ::a.b.c.d": ipv4(octet).map((a) => `::${a}`),
  "NAT64 64:ff9b::/96": ipv4(octet).map((a) => `64:ff9b::${a}`),
};

describe("isPublicAddress", () => {
  for (const [name, arb] of Object.entries(blocked)) {
    it(`refuses every ${name} address`, () => {
      fc.assert(
        fc.property(arb, (ip) => !isPublicAddress(ip)),
        { numRuns: 300 },
      );
    });
  }

  it("refuses the fixed special addresses", () => {
    for (const ip of [
      "::",
      "::1",
      "0.0.0.0",
      "255.255.255.255",
      "::ffff:127.0.0.1",
      "::ffff:0:0",
      "192.0.2.1",
      "2001:db8::1",
      "fec0::1",
      "not an ip",
      "",
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it("allows public IPv4 unicast, and judges an IPv4-mapped address as its IPv4", () => {
    // 1.0.0.0–9.255.255.255 and 11–99: public unicast, no special range inside.
    const pub = ipv4(fc.oneof(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 11, max: 99 })));
    fc.assert(
      fc.property(pub, (ip) => isPublicAddress(ip) && isPublicAddress(mapped(ip))),
      { numRuns: 500 },
    );
  });

  it("allows global IPv6 unicast (2000::/3 outside its special blocks) and nothing outside 2000::/3", () => {
    fc.assert(
      fc.property(v6(fc.integer({ min: 0x2400, max: 0x2bff })), (ip) => isPublicAddress(ip)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(v6(fc.integer({ min: 0x4000, max: 0xfbff })), (ip) => !isPublicAddress(ip)),
      { numRuns: 300 },
    );
  });
});
