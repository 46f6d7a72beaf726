import net from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { closeDb } from "@/lib/db/client";
import { resetEnvCache } from "@/lib/env";
import { recordPageLanguageChoice } from "@/lib/http/record-language-choice";
import type { OutsidePage } from "@/lib/http/localized-pages";
import { useFreshDatabase } from "../support/test-db";

const visitor = { ip: "203.0.113.7", userAgent: "test" };
const pages: OutsidePage[] = [
  { kind: "delivery", token: "a".repeat(43) },
  { kind: "signer", token: `${crypto.randomUUID()}.${"b".repeat(43)}` },
  { kind: "portal", workflowId: crypto.randomUUID(), token: "not.a.token", lang: null },
];

/** A loopback port nothing listens on: PostgreSQL down, as a stopped server or a refused connection leaves it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function useDatabase(url: string | undefined) {
  await closeDb();
  if (url) process.env.DATABASE_URL = url;
  else delete process.env.DATABASE_URL;
  resetEnvCache();
}

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  await useDatabase(undefined);
});

describe("a language menu's choice while PostgreSQL is down", () => {
  it("is kept (the caller goes on to show the page in it) and the failure is logged for the operator, on every kind of page", async () => {
    await useDatabase(`postgres://postgres@127.0.0.1:${await closedPort()}/sealpost`);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const page of pages) {
      if (page.kind === "portal") continue; // a forged token is refused before the database is asked
      await expect(recordPageLanguageChoice(page, "de", visitor)).resolves.toBe(false);
    }
    expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(/^\[language\] the choice of de on a delivery page was not recorded: /),
      expect.stringMatching(/^\[language\] the choice of de on a signer page was not recorded: /),
    ]);
  });

  it("is recorded again once PostgreSQL answers (here: links that open nothing, so nothing is written and nothing fails)", async () => {
    const cleanup = await useFreshDatabase("postgres");
    try {
      resetEnvCache();
      await closeDb();
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      for (const page of pages) await expect(recordPageLanguageChoice(page, "ja", visitor)).resolves.toBe(true);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      await closeDb();
      await cleanup();
    }
  });
});
