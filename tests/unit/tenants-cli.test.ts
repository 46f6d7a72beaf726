import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { runAdmin } from "@/scripts/admin-cli";
import { createTempDataDir } from "../support/test-db";

const root = path.resolve(__dirname, "../..");
const data = createTempDataDir();
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: data.dir, NODE_ENV: "development" };
delete env.DATABASE_URL;

beforeAll(() => {
  process.env.DATA_DIR = data.dir;
  delete process.env.DATABASE_URL;
  resetEnvCache();
});
afterAll(() => data.remove());

type Run = { code: number; stdout: string; stderr: string };

/** The admin CLI as an operator runs it: a process of its own on the PGlite DATA_DIR. */
function adminProcess(args: string[], input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      path.join(root, "node_modules/.bin/tsx"),
      ["scripts/admin.ts", ...args],
      { cwd: root, env },
      (err, stdout, stderr) => {
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin!.end(input ?? "");
  });
}

/** The same command line run in this process (a CLI start costs about two seconds). */
async function admin(...args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, "log").mockImplementation((...a) => void out.push(a.join(" ")));
  const error = vi.spyOn(console, "error").mockImplementation((...a) => void err.push(a.join(" ")));
  try {
    const code = await runAdmin(args);
    return { code, stdout: out.map((l) => `${l}\n`).join(""), stderr: err.map((l) => `${l}\n`).join("") };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const tenantsFile = (content: unknown) => {
  const file = path.join(data.dir, `tenants-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
};

describe("npm run admin -- tenant …", { timeout: 60_000 }, () => {
  it("adds tenants and lists them as separate processes, and releases the database each time", async () => {
    const added = await adminProcess([
      "tenant",
      "add",
      "--id",
      "acme",
      "--name",
      "Acme Ltd",
      "--tier",
      "premium",
      "--features",
      "batchDispatch,explain",
      "--approvers",
      "Boss@Acme.test,two@acme.test",
    ]);
    expect(added).toMatchObject({ code: 0, stderr: "" });
    expect(added.stdout).toContain("Added tenant acme");
    // From standard input, as a deployment pipes its tenants file.
    const applied = await adminProcess(
      ["tenant", "apply", "--file", "-"],
      JSON.stringify([{ id: "initech", name: "Initech", tier: "standard" }]),
    );
    expect(applied).toMatchObject({ code: 0, stdout: "Added tenant initech\n", stderr: "" });

    const listed = await adminProcess(["tenant", "list"]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID\s+NAME\s+TIER\s+FEATURES\s+APPROVERS\s+LOCALE$/);
    expect(lines[1]).toMatch(/^acme\s+Acme Ltd\s+premium\s+batchDispatch,explain\s+boss@acme.test,two@acme.test\s+-$/);
    expect(lines[2]).toMatch(/^initech\s+Initech\s+standard\s+-\s+-\s+-$/);
    // PGlite allows one process per directory: a lock left behind would lock the app out.
    expect(fs.existsSync(path.join(data.dir, "pglite.lock"))).toBe(false);
  });

  it("exits 1 on a refusal and 2 on a bad command line, as a process", async () => {
    expect(await adminProcess(["tenant", "show", "--id", "nobody"])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("nobody does not exist"),
    });
    expect(await adminProcess(["tenant", "frobnicate"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Usage: npm run admin -- tenant <command>"),
    });
  });

  it("updates, shows as JSON and removes a tenant", async () => {
    expect((await admin("tenant", "update", "--id", "initech", "--tier", "enterprise", "--features", "workflow")).code).toBe(0);
    const shown = await admin("tenant", "show", "--id", "initech", "--json");
    expect(JSON.parse(shown.stdout)).toMatchObject({
      id: "initech",
      name: "Initech",
      tier: "enterprise",
      features: ["workflow"],
      approvers: [],
    });
    expect((await admin("tenant", "remove", "--id", "initech")).stdout).toContain("Removed tenant initech");
    expect(await admin("tenant", "show", "--id", "initech")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("initech does not exist"),
    });
  });

  it("sets, shows and removes a tenant's default locale, read as the catalogue's language, and refuses one Sealpost does not write", async () => {
    expect(
      await admin("tenant", "add", "--id", "umbra", "--name", "Umbra", "--tier", "standard", "--default-locale", "de-AT"),
    ).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("  locale:    de\n"),
    });
    expect(JSON.parse((await admin("tenant", "show", "--id", "umbra", "--json")).stdout)).toMatchObject({ defaultLocale: "de" });
    expect((await admin("tenant", "list")).stdout).toMatch(/^umbra\s+Umbra\s+standard\s+-\s+-\s+de$/m);
    expect((await admin("tenant", "update", "--id", "umbra", "--default-locale", "pt")).stdout).toContain("  locale:    pt-PT\n");

    const bad = await admin("tenant", "update", "--id", "umbra", "--default-locale", "tlh");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('defaultLocale: "tlh" is not a language Sealpost writes; use one of en-GB, en-US, de, fr,');
    expect(bad.stderr).toContain("zh-Hans, zh-Hant");
    expect(JSON.parse((await admin("tenant", "show", "--id", "umbra", "--json")).stdout)).toMatchObject({ defaultLocale: "pt-PT" });

    expect((await admin("tenant", "update", "--id", "umbra", "--default-locale", "")).stdout).toContain("  locale:    (none)\n");
    expect(JSON.parse((await admin("tenant", "show", "--id", "umbra", "--json")).stdout)).toMatchObject({ defaultLocale: null });
    expect((await admin("tenant", "remove", "--id", "umbra")).code).toBe(0);
    expect((await admin("tenant", "list", "--default-locale", "de")).code).toBe(2);
  });

  it("prints a tenant's callback signing secret, derived from the server secret, and refuses unknown tenants", async () => {
    const printed = await admin("tenant", "callback-secret", "--id", "acme");
    expect(printed.code).toBe(0);
    const secret = printed.stdout.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect((await admin("tenant", "callback-secret", "--id", "acme")).stdout.trim()).toBe(secret);
    expect(await admin("tenant", "callback-secret", "--id", "nobody")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("nobody does not exist"),
    });
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
    for (const args of [
      [],
      ["tenant", "frobnicate"],
      ["tenant", "add", "--id", "y", "--name", "Y"],
      ["tenant", "list", "--bogus"],
      ["tenant", "apply"],
      ["tenant", "apply", "--file", "x", "--id", "y"],
    ]) {
      const r = await admin(...args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain("Usage: npm run admin -- tenant <command>");
    }
    expect((await admin("tenant", "add", "--id", "y", "--name", "Y")).stderr).toContain("needs --tier");
  });

  it("applies a tenants file: adds what is new, updates what differs, and a second run changes nothing", async () => {
    const file = tenantsFile({
      tenants: [
        {
          id: "acme",
          name: "Acme Ltd",
          tier: "enterprise",
          features: ["batchDispatch", "explain"],
          approvers: ["boss@acme.test", "two@acme.test"],
        },
        { id: "globex", name: "Globex", tier: "standard", features: ["workflow"], approvers: ["Boss@Globex.test"] },
      ],
    });
    expect(await admin("tenant", "apply", "--file", file)).toMatchObject({
      code: 0,
      stdout: "Updated tenant acme\nAdded tenant globex\n",
      stderr: "",
    });
    expect(await admin("tenant", "apply", "--file", file)).toMatchObject({
      code: 0,
      stdout: "Unchanged tenant acme\nUnchanged tenant globex\n",
    });
    const globex = JSON.parse((await admin("tenant", "show", "--id", "globex", "--json")).stdout);
    expect(globex).toMatchObject({ tier: "standard", features: ["workflow"], approvers: ["boss@globex.test"], defaultLocale: null });
    expect(JSON.parse((await admin("tenant", "show", "--id", "acme", "--json")).stdout)).toMatchObject({ tier: "enterprise" });

    // A default locale is part of the tenant as written: set, then unchanged, then removed by leaving it out.
    const withLocale = tenantsFile([
      { id: "globex", name: "Globex", tier: "standard", features: ["workflow"], approvers: ["boss@globex.test"], defaultLocale: "fr-CH" },
    ]);
    expect((await admin("tenant", "apply", "--file", withLocale)).stdout).toBe("Updated tenant globex\n");
    expect((await admin("tenant", "apply", "--file", withLocale)).stdout).toBe("Unchanged tenant globex\n");
    expect(JSON.parse((await admin("tenant", "show", "--id", "globex", "--json")).stdout)).toMatchObject({ defaultLocale: "fr" });
    expect((await admin("tenant", "apply", "--file", file)).stdout).toBe("Unchanged tenant acme\nUpdated tenant globex\n");
    expect(JSON.parse((await admin("tenant", "show", "--id", "globex", "--json")).stdout)).toMatchObject({ defaultLocale: null });
  });

  it("refuses a whole tenants file when one entry is wrong, naming it, and writes none of it", async () => {
    const before = (await admin("tenant", "list", "--json")).stdout;
    const wrong = tenantsFile([
      { id: "umbrella", name: "Umbrella", tier: "standard" },
      { id: "acme", name: "Acme", tier: "gold" },
    ]);
    const r = await admin("tenant", "apply", "--file", wrong);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("1.tier: must be one of standard, premium, enterprise");
    const badLocale = await admin(
      "tenant",
      "apply",
      "--file",
      tenantsFile([{ id: "umbrella", name: "U", tier: "standard", defaultLocale: "xx-YY" }]),
    );
    expect(badLocale).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('0.defaultLocale: "xx-YY" is not a language Sealpost writes; use one of'),
    });
    const twice = await admin(
      "tenant",
      "apply",
      "--file",
      tenantsFile([
        { id: "umbrella", name: "U", tier: "standard" },
        { id: "umbrella", name: "U2", tier: "premium" },
      ]),
    );
    expect(twice).toMatchObject({ code: 1, stderr: expect.stringContaining("umbrella is listed twice") });
    for (const [content, says] of [
      ["{ not json", "is not JSON"],
      [{ acme: {} }, 'must be a list of tenants, or { "tenants": [...] }'],
    ] as const) {
      expect(await admin("tenant", "apply", "--file", tenantsFile(content))).toMatchObject({
        code: 1,
        stderr: expect.stringContaining(says),
      });
    }
    expect(await admin("tenant", "apply", "--file", path.join(data.dir, "missing.json"))).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Cannot read"),
    });
    expect((await admin("tenant", "list", "--json")).stdout).toBe(before);
  });
});
