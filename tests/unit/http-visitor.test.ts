import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { clientIp } from "@/lib/http/visitor";

const ip = (xff?: string) => clientIp(new Headers(xff === undefined ? {} : { "x-forwarded-for": xff }));

afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
  resetEnvCache();
});

describe("the address recorded for a visit", () => {
  it("is the entry the server itself added, never one the client wrote in front of it", () => {
    expect(ip("203.0.113.7")).toBe("203.0.113.7");
    expect(ip("1.1.1.1, 203.0.113.7")).toBe("203.0.113.7");
    expect(ip()).toBeNull();
  });

  it("skips the trusted proxies' own entries when TRUSTED_PROXY_HOPS says how many there are", () => {
    process.env.TRUSTED_PROXY_HOPS = "2";
    resetEnvCache();
    expect(ip("6.6.6.6, 198.51.100.4, 10.0.0.2")).toBe("198.51.100.4");
    expect(ip("198.51.100.4")).toBe("198.51.100.4");
  });
});
