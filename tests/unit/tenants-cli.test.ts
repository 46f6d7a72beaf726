import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTempDataDir } from "../support/test-db";

// The admin CLI as an operator runs it: a separate process on a PGlite DATA_DIR.
const root = path.resolve(__dirname, "../..");
const data = createTempDataDir();
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: data.dir, NODE_ENV: "development" };
delete env.DATABASE_URL;

afterAll(() => data.remove());

function admin(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(path.join(root, "node_modules/.bin/tsx"), ["scripts/admin.ts", ...args], { cwd: root, env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("npm run admin -- tenant …", { timeout: 60_000 }, () => {
  it("adds tenants and lists them, then releases the database", async () => {
    const added = await admin("tenant", "add", "--id", "acme", "--name", "Acme Ltd", "--tier", "premium", "--features", "batchDispatch,explain", "--approvers", "Boss@Acme.test,two@acme.test");
    expect(added).toMatchObject({ code: 0, stderr: "" });
    expect(added.stdout).toContain("Added tenant acme");
    expect((await admin("tenant", "add", "--id", "initech", "--name", "Initech", "--tier", "standard", "--features", "")).code).toBe(0);

    const listed = await admin("tenant", "list");
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TIER\s+FEATURES\s+APPROVERS$/);
    expect(lines[1]).toMatch(/^acme\s+Acme Ltd\s+premium\s+batchDispatch,explain\s+boss@acme.test,two@acme.test$/);
    expect(lines[2]).toMatch(/^initech\s+Initech\s+standard\s+-\s+-$/);
    // PGlite allows one process per directory: a lock left behind would lock the app out.
    expect(fs.existsSync(path.join(data.dir, "pglite.lock"))).toBe(false);
  });

  it("updates, shows as JSON and removes a tenant", async () => {
    expect((await admin("tenant", "update", "--id", "initech", "--tier", "enterprise", "--features", "workflow")).code).toBe(0);
    const shown = await admin("tenant", "show", "--id", "initech", "--json");
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: "initech", name: "Initech", tier: "enterprise", features: ["workflow"], approvers: [] });
    expect((await admin("tenant", "remove", "--id", "initech")).stdout).toContain("Removed tenant initech");
    expect(await admin("tenant", "show", "--id", "initech")).toMatchObject({ code: 1, stderr: expect.stringContaining("initech does not exist") });
  });

  it("prints a tenant's callback signing secret, derived from the server secret, and refuses unknown tenants", async () => {
    const printed = await admin("tenant", "callback-secret", "--id", "acme");
    expect(printed.code).toBe(0);
    const secret = printed.stdout.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await admin("tenant", "callback-secret", "--id", "acme")).stdout.trim()).toBe(secret);
    expect(await admin("tenant", "callback-secret", "--id", "nobody")).toMatchObject({ code: 1, stderr: expect.stringContaining("nobody does not exist") });
  });

  it("refuses duplicates and invalid values with exit code 1 and says why", async () => {
    const dup = await admin("tenant", "add", "--id", "acme", "--name", "Again", "--tier", "standard");
    expect(dup).toMatchObject({ code: 1, stderr: expect.stringContaining("acme already exists") });
    const bad = await admin("tenant", "add", "--id", "x", "--name", "X", "--tier", "gold", "--approvers", "nobody");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("tier: must be one of standard, premium, enterprise");
    expect(bad.stderr).toContain('approvers: "nobody" is not a valid email address');
  });

  it("prints usage and exits 2 on a bad command line", async () => {
    for (const args of [[], ["tenant", "frobnicate"], ["tenant", "add", "--id", "y", "--name", "Y"], ["tenant", "list", "--bogus"]]) {
      const r = await admin(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("Usage: npm run admin -- tenant <command>");
    }
    expect((await admin("tenant", "add", "--id", "y", "--name", "Y")).stderr).toContain("needs --tier");
  });
});
