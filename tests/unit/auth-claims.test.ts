import { describe, expect, it } from "vitest";
import { claimAt, readEmail, readRoles, readSubject } from "@/lib/auth/claims";

describe("claim readers", () => {
  it("finds namespaced claims by exact name and nested claims by dotted path", () => {
    const payload = { "https://sealpost.dev/tid": "acme", realm_access: { roles: ["admin"] } };
    expect(claimAt(payload, "https://sealpost.dev/tid")).toBe("acme");
    expect(claimAt(payload, "realm_access.roles")).toEqual(["admin"]);
    expect(claimAt(payload, "realm_access.missing.deeper")).toBeUndefined();
  });

  it("accepts roles as an array or a space-separated string and drops anything else", () => {
    expect(readRoles(["admin", 7, "", " approver "])).toEqual(["admin", "approver"]);
    expect(readRoles(" admin  approver ")).toEqual(["admin", "approver"]);
    expect(readRoles({ admin: true })).toEqual([]);
  });

  it("lowercases the email and treats a missing or non-string email as none", () => {
    expect(readEmail(" Alice@Acme.TEST ")).toBe("alice@acme.test");
    expect(readEmail(undefined)).toBeNull();
    expect(readEmail(["a@b.c"])).toBeNull();
  });

  it("takes the subject from sub, else client_id, else azp", () => {
    expect(readSubject({ sub: "u1", client_id: "c1" })).toBe("u1");
    expect(readSubject({ client_id: "c1", azp: "a1" })).toBe("c1");
    expect(readSubject({ azp: "a1" })).toBe("a1");
    expect(readSubject({})).toBeNull();
  });
});
