import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/lib/db/client";
import { batches } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { addTenant, getTenant, listTenants, removeTenant, tenantDefaultLocale, updateTenant } from "@/lib/tenants";
import { createTempDataDir, createTestDatabase } from "../support/test-db";
import { plainBatchJson } from "../support/batch-json";

describe.each(["pglite", "postgres"] as const)("tenant administration on %s", (driver) => {
  let cleanup: () => Promise<void> | void = () => {};

  beforeAll(async () => {
    if (driver === "postgres") {
      const db = await createTestDatabase();
      process.env.DATABASE_URL = db.url;
      cleanup = db.drop;
    } else {
      const dir = createTempDataDir();
      delete process.env.DATABASE_URL;
      process.env.DATA_DIR = dir.dir;
      cleanup = dir.remove;
    }
    resetEnvCache();
  });

  afterAll(async () => {
    await closeDb();
    await cleanup();
    delete process.env.DATABASE_URL;
    resetEnvCache();
  });

  it("adds a tenant with normalised approvers and features, and reads it back", async () => {
    await addTenant({
      id: "acme",
      name: " Acme Ltd ",
      tier: "premium",
      features: ["explain", "batchDispatch", "explain"],
      approvers: ["Boss@ACME.test", "boss@acme.test", "two@acme.test"],
    });
    expect(await getTenant("acme")).toMatchObject({
      id: "acme",
      name: "Acme Ltd",
      tier: "premium",
      features: ["explain", "batchDispatch"],
      approvers: ["boss@acme.test", "two@acme.test"],
    });
    expect(await getTenant("ACME")).toBeNull();
  });

  it("refuses a duplicate id without changing the existing tenant", async () => {
    await expect(addTenant({ id: "acme", name: "Impostor", tier: "standard" })).rejects.toMatchObject({
      code: "tenant.exists",
      message: expect.stringContaining("acme already exists"),
    });
    expect((await getTenant("acme"))?.name).toBe("Acme Ltd");
  });

  it("names every invalid field", async () => {
    const err = await addTenant({ id: "bad id", name: "", tier: "gold", features: ["teleport"], approvers: ["not-an-email"] }).catch(
      (e) => e,
    );
    expect(err.code).toBe("tenant.invalid");
    expect(err.issues.join("\n")).toMatch(
      /id: .*\n.*name: .*\n.*tier: must be one of standard, premium, enterprise\n.*features: "teleport".*\n.*approvers: "not-an-email" is not a valid email/s,
    );
    expect(await getTenant("bad id")).toBeNull();
  });

  it("updates only the given fields", async () => {
    const before = await getTenant("acme");
    const after = await updateTenant("acme", { tier: "enterprise", approvers: ["New@Acme.test"] });
    expect(after).toMatchObject({ name: "Acme Ltd", tier: "enterprise", features: before!.features, approvers: ["new@acme.test"] });
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime());
    await expect(updateTenant("acme", {})).rejects.toMatchObject({ code: "tenant.invalid" });
    await expect(updateTenant("ghost", { name: "Ghost" })).rejects.toMatchObject({ code: "tenant.not_found" });
  });

  it("keeps a default locale as its catalogue's tag, reads it back for the language order, and removes it with null", async () => {
    expect(await tenantDefaultLocale("acme")).toBeNull();
    expect((await updateTenant("acme", { defaultLocale: "es-MX" })).defaultLocale).toBe("es");
    expect(await tenantDefaultLocale("acme")).toBe("es");
    await expect(updateTenant("acme", { defaultLocale: "en-XA" })).rejects.toMatchObject({ code: "tenant.invalid" });
    expect((await updateTenant("acme", { defaultLocale: null })).defaultLocale).toBeNull();
    expect(await tenantDefaultLocale("acme")).toBeNull();
    expect(await tenantDefaultLocale("ghost")).toBeNull();
  });

  it("lists tenants by id and removes them", async () => {
    await addTenant({ id: "beta", name: "Beta", tier: "standard" });
    expect((await listTenants()).map((t) => t.id)).toEqual(["acme", "beta"]);
    await removeTenant("beta");
    expect(await getTenant("beta")).toBeNull();
    await expect(removeTenant("beta")).rejects.toMatchObject({ code: "tenant.not_found" });
  });

  it("refuses to remove a tenant that still has batches", async () => {
    const db = await getDb();
    await db.insert(batches).values({
      id: randomUUID(),
      tenantId: "acme",
      correlationId: "c-1",
      state: "pending-approval",
      readiness: "ready",
      title: "T",
      templatePath: "t.md",
      documentCount: 1,
      readyCount: 1,
      warningCount: 0,
      submittedBy: "s@acme.test",
      approvers: [],
      ...plainBatchJson,
      activityItemId: randomUUID(),
    });
    await expect(removeTenant("acme")).rejects.toMatchObject({ code: "tenant.in_use" });
    expect(await getTenant("acme")).not.toBeNull();
  });
});
