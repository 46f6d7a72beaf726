import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { withDeadline } from "@/lib/deadline";
import { isPublicAddress, rangeOf } from "./ip-policy";

export type PostOutcome =
  | { kind: "response"; status: number; host: string; durationMs: number }
  | { kind: "refused"; reason: string; host: string; durationMs: number }
  | { kind: "error"; message: string; host: string; durationMs: number };

export interface SafePostOptions {
  timeoutMs: number;
  /** Host names (lower case, IPv6 without brackets) that may resolve to any address. */
  allowedHosts: ReadonlySet<string>;
  maxRedirects?: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class Refused extends Error {}

/**
 * POSTs `body` to a URL a client gave us without letting it reach our own network (SSRF): the host is
 * resolved once (every address), refused when any address is not public unless the host is allowed,
 * and the connection goes to the checked address (no second lookup, so DNS cannot change between check
 * and connect). Redirects are never followed by the HTTP client: up to `maxRedirects` are followed here,
 * each target checked the same way, re-posting the same body (a webhook that moved still wants the POST).
 */
export async function safePost(url: string, body: string, headers: Record<string, string>, opts: SafePostOptions): Promise<PostOutcome> {
  const started = Date.now();
  const took = () => Date.now() - started;
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    const host = hostOf(target);
    try {
      if (target.protocol !== "http:" && target.protocol !== "https:") throw new Refused(`${target.protocol} is not http or https`);
      if (target.username || target.password) throw new Refused("URLs with credentials are not called");
      // Every call that leaves the process has a deadline, the lookup included (getaddrinfo has none).
      const address = await withDeadline(
        checkedAddress(host, opts.allowedHosts),
        Math.max(1, opts.timeoutMs - took()),
        `resolving ${host}`,
      );
      const res = await postOnce(target, address, body, headers, opts.timeoutMs - took());
      const location = REDIRECTS.has(res.status) ? res.location : undefined;
      if (!location) return { kind: "response", status: res.status, host, durationMs: took() };
      if (hop >= (opts.maxRedirects ?? 3))
        return { kind: "error", message: `more than ${opts.maxRedirects ?? 3} redirects`, host, durationMs: took() };
      target = new URL(location, target);
    } catch (err) {
      if (err instanceof Refused)
        return { kind: "refused", reason: hop ? `redirect ${hop} to ${host}: ${err.message}` : err.message, host, durationMs: took() };
      return { kind: "error", message: (err as Error).message.slice(0, 500), host, durationMs: took() };
    }
  }
}

const hostOf = (u: URL) => u.hostname.replace(/^\[|\]$/g, "").toLowerCase();

/** The address to connect to: the first one the host resolves to, after every one was checked. */
async function checkedAddress(host: string, allowed: ReadonlySet<string>): Promise<{ address: string; family: number }> {
  const all = isIP(host) ? [{ address: host, family: isIP(host) }] : await dnsLookup(host, { all: true, verbatim: true });
  if (!all.length) throw new Error(`${host} does not resolve`);
  if (!allowed.has(host)) {
    const bad = all.find((a) => !isPublicAddress(a.address));
    if (bad)
      throw new Refused(
        `${host} resolves to ${bad.address} (${rangeOf(bad.address)}), not a public address; add the host to CALLBACK_ALLOWED_HOSTS to allow it`,
      );
  }
  return all[0];
}

function postOnce(url: URL, to: { address: string; family: number }, body: string, headers: Record<string, string>, timeoutMs: number) {
  return new Promise<{ status: number; location?: string }>((resolve, reject) => {
    if (timeoutMs <= 0) return reject(new Error("timed out"));
    // Node may ask for every address (happy eyeballs); either way it gets only the checked one.
    const lookup = ((_host: string, options: { all?: boolean }, cb: (...a: unknown[]) => void) =>
      options?.all ? cb(null, [to]) : cb(null, to.address, to.family)) as unknown as LookupFunction;
    const lib = url.protocol === "https:" ? https : http;
    const req = lib.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": Buffer.byteLength(body) },
      lookup,
      agent: false,
    });
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on("response", (res) => {
      clearTimeout(timer);
      const location = typeof res.headers.location === "string" ? res.headers.location : undefined;
      res.resume(); // the answer's body is not read: only the status counts
      res.on("error", () => undefined);
      resolve({ status: res.statusCode ?? 0, location });
      req.destroy();
    });
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}

/** CALLBACK_ALLOWED_HOSTS as a set of lower-case host names. */
export const parseAllowedHosts = (v: string): Set<string> =>
  new Set(
    v
      .split(",")
      .map((h) =>
        h
          .trim()
          .toLowerCase()
          .replace(/^\[|\]$/g, ""),
      )
      .filter(Boolean),
  );
