import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/bearer";
import { getBlobStore } from "@/lib/blob/store";
import { closeDb, getDb } from "@/lib/db/client";
import { explainReports, explainTraces, type Tenant } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { explainReport, REPORT_CACHE_MS } from "@/lib/explain/report/get-report";
import { deleteExpiredTraces } from "@/lib/explain/retention";
import { recordTrace, settleTraceWrites } from "@/lib/explain/store";
import { AppError } from "@/lib/http/problem";
import { readCorrelationId } from "@/lib/pdf/metadata";
import { addTenant } from "@/lib/tenants";
import { translatorFor } from "@/lib/i18n/translator";
import { pdfText } from "../support/pdf";
import { createTempDataDir, useFreshDatabase } from "../support/test-db";
import { tenantFolder } from "@/lib/blob/keys";

const collapse = (s: string) => s.replace(/\s+/g, " ");

describe.each(["pglite", "postgres"] as const)("explain report cache on %s", (driver) => {
  let cleanup: () => Promise<void> = async () => {};
  let acme: Principal;
  let globex: Principal;

  beforeAll(async () => {
    const blobs = createTempDataDir();
    process.env.DATA_DIR = blobs.dir;
    process.env.RENDER_THREADS = "0"; // laid out in this thread: the cache is under test, not the pool
    const drop = await useFreshDatabase(driver);
    cleanup = async () => {
      await drop();
      blobs.remove();
    };
    resetEnvCache();
    const principal = (tenant: Tenant): Principal => ({ tenant, subject: "s", email: null, roles: [], claims: {} });
    acme = principal(await addTenant({ id: "acme", name: "Acme", tier: "premium" }));
    globex = principal(await addTenant({ id: "globex", name: "Globex", tier: "enterprise" }));
    recordTrace({
      correlationId: "cache-1",
      tenantId: "acme",
      kind: "single",
      requestedBy: "features.explainDocument",
      template: { path: "t.md", version: "v", title: "Cached" },
      createdAt: new Date(),
    });
    await settleTraceWrites();
  });
  afterAll(async () => {
    await closeDb();
    await cleanup();
    delete process.env.DATABASE_URL;
    delete process.env.RENDER_THREADS;
    resetEnvCache();
  });

  const rows = async () => (await getDb()).select().from(explainReports);

  it("serves a report from the cache for an hour, then makes it again in the same place", async () => {
    const t0 = new Date("2026-11-23T10:00:00.000Z");
    const first = await explainReport(acme, "cache-1", "summary", { now: t0 });
    expect(first).toMatchObject({ cached: false, correlationId: "cache-1", mode: "summary", generatedAt: t0 });
    expect(await readCorrelationId(first.pdf)).toBe("cache-1");
    expect(await pdfText(first.pdf)).toContain("Explain report: summary");

    const later = await explainReport(acme, "cache-1", "summary", { now: new Date(t0.getTime() + REPORT_CACHE_MS - 1) });
    expect(later.cached).toBe(true);
    expect(later.generatedAt).toEqual(t0);
    expect(Buffer.from(later.pdf).equals(Buffer.from(first.pdf))).toBe(true);

    const hourOn = new Date(t0.getTime() + REPORT_CACHE_MS);
    const remade = await explainReport(acme, "cache-1", "summary", { now: hourOn });
    expect(remade).toMatchObject({ cached: false, generatedAt: hourOn });
    const stored = await rows();
    expect(stored).toHaveLength(1); // rebuilt in place, not added
    expect(stored[0]).toMatchObject({
      tenantId: "acme",
      variant: "summary-en-gb-f3",
      generatedAt: hourOn,
      byteSize: remade.pdf.byteLength,
    });
    expect(Buffer.from((await getBlobStore().get(stored[0].blobKey))!).equals(Buffer.from(remade.pdf))).toBe(true);
  });

  it("keeps the detailed report and the scorecard variant apart, and makes a report once for requests at the same moment", async () => {
    const t1 = new Date("2026-11-23T12:00:00.000Z");
    const withA11y: Principal = { ...acme, tenant: { ...acme.tenant, features: ["explain", "accessibility"] } };
    const [a, b, c] = await Promise.all([
      explainReport(withA11y, "cache-1", "detailed", { now: t1 }),
      explainReport(withA11y, "cache-1", "detailed", { now: t1 }),
      explainReport(acme, "cache-1", "detailed", { now: t1 }),
    ]);
    expect([a.cached, b.cached]).toEqual([false, true]);
    expect(Buffer.from(a.pdf).equals(Buffer.from(b.pdf))).toBe(true);
    expect(await pdfText(a.pdf)).toMatch(/Heading hierarchy (PASS|FAIL)/);
    expect(await pdfText(c.pdf)).toContain("comes with the accessibility feature");
    const variants = (await rows()).map((r) => r.variant).sort();
    expect(variants).toEqual(["detailed-a11y-en-gb-f3", "detailed-en-gb-f3", "summary-en-gb-f3"]);
  });

  it("serves the report it made when the cache cannot be read or written, and the cache is there again once the store is back", async () => {
    const reportsDir = path.join(process.env.DATA_DIR!, "blobs", tenantFolder("acme"), "explain", "reports");
    const halfPastEleven = new Date("2026-11-23T11:30:00.000Z"); // the summary made at 11:00 is still fresh
    fs.renameSync(reportsDir, `${reportsDir}.away`);
    fs.writeFileSync(reportsDir, "not a folder"); // every read and write under it fails (ENOTDIR)
    try {
      const made = await explainReport(acme, "cache-1", "summary", { now: halfPastEleven });
      expect(made).toMatchObject({ cached: false, generatedAt: halfPastEleven });
      expect(await readCorrelationId(made.pdf)).toBe("cache-1");
      const summary = (await rows()).find((r) => r.variant === "summary-en-gb-f3");
      expect(summary?.generatedAt).toEqual(new Date("2026-11-23T11:00:00.000Z")); // not pointed at a blob that was never written
    } finally {
      fs.rmSync(reportsDir);
      fs.renameSync(`${reportsDir}.away`, reportsDir);
    }
    expect(await explainReport(acme, "cache-1", "summary", { now: halfPastEleven })).toMatchObject({ cached: true });
  });

  it("writes the report in the language asked for, else the tenant's default, else British English, and caches each language apart", async () => {
    const twenty = new Date("2026-11-23T11:20:00.000Z"); // the English summary made at 11:00 is still fresh
    const french: Principal = { ...acme, tenant: { ...acme.tenant, defaultLocale: "fr-FR" } };
    const fr = await explainReport(french, "cache-1", "summary", { now: twenty });
    expect(fr).toMatchObject({ cached: false, locale: "fr" });
    const frText = collapse(await pdfText(fr.pdf));
    expect(frText).toContain(collapse(translatorFor("fr")("document.explain.heading.report", { mode: "summary" })));
    expect(frText).not.toContain("Explain report");

    const ar = await explainReport(french, "cache-1", "summary", { now: twenty, lang: "ar" });
    expect(ar).toMatchObject({ cached: false, locale: "ar" });
    expect(Buffer.from(ar.pdf).equals(Buffer.from(fr.pdf))).toBe(false);

    // Each language is served from its own cache entry, never another language's.
    const english = await explainReport(acme, "cache-1", "summary", { now: twenty });
    expect(english).toMatchObject({ cached: true, locale: "en-GB" });
    expect(await pdfText(english.pdf)).toContain("Explain report: summary");
    const frAgain = await explainReport(french, "cache-1", "summary", { now: twenty });
    expect(frAgain).toMatchObject({ cached: true, locale: "fr" });
    expect(Buffer.from(frAgain.pdf).equals(Buffer.from(fr.pdf))).toBe(true);
    expect(await explainReport(acme, "cache-1", "summary", { now: twenty, lang: "ar" })).toMatchObject({ cached: true, locale: "ar" });

    const variants = (await rows()).map((r) => r.variant).sort();
    expect(variants).toEqual(["detailed-a11y-en-gb-f3", "detailed-en-gb-f3", "summary-ar-f3", "summary-en-gb-f3", "summary-fr-f3"]);
  });

  it("never gives another tenant's report, and the retention job deletes a trace's reports with it", async () => {
    await expect(explainReport(globex, "cache-1", "summary")).rejects.toMatchObject({
      code: "explain.trace_not_found",
    } satisfies Partial<AppError>);
    const keys = (await rows()).map((r) => r.blobKey);
    expect(keys).toHaveLength(5);
    expect(await deleteExpiredTraces(new Date(Date.now() + 3 * 366 * 86_400_000))).toEqual({ deleted: 1 });
    expect(await rows()).toEqual([]);
    for (const key of keys) expect(await getBlobStore().exists(key)).toBe(false);
    expect(await (await getDb()).select().from(explainTraces)).toEqual([]);
  });
});
