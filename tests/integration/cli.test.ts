import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, users, type Stack, type UserName } from "../support/stack";

/**
 * The `sealpost` command line against the real stack: tokens from the OpenID provider's
 * client-credentials grant, records read by the server, the spec's thresholds at 25, 26, 100 and 101.
 */
const root = path.resolve(__dirname, "../..");
let stack: Stack;
let home: string;

beforeAll(async () => {
  // 10,000 rows must reach the thresholds, not the server's own cap.
  stack = await startStack({ env: { BATCH_MAX_RECORDS: "10000" } });
  home = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-cli-"));
  for (const user of ["submitter", "approver"] as const) {
    const r = await cli(user, ["login", "--url", stack.baseUrl, "--issuer", stack.issuer, "--audience", stack.audience, "--client-id", users[user].clientId, "--client-secret-stdin"], { stdin: `${users[user].clientSecret}\n` });
    expect(r.code, r.stderr).toBe(0);
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  json: () => Record<string, unknown>;
}

/** Runs `sealpost ARGS` as `user` (each user a profile folder of its own), with nothing of this process's SEALPOST_* settings. */
function cli(user: UserName, args: string[], o: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith("SEALPOST_") || k.startsWith("svc_batch")) delete env[k];
  const child = spawn(process.execPath, [path.join(root, "bin/sealpost.mjs"), ...args], {
    cwd: home,
    env: { ...env, SEALPOST_CONFIG_DIR: path.join(home, user), ...o.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  child.stdin.end(o.stdin ?? "");
  return new Promise((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, unknown> })),
  );
}

const file = (name: string, content: string | Uint8Array) => {
  const p = path.join(home, name);
  fs.writeFileSync(p, content);
  return p;
};
/** A letter.md list of `n` valid records as CSV. */
const letters = (n: number, from = 0) =>
  ["customerId,name,amount,recipientEmail", ...Array.from({ length: n }, (_, i) => `C${1000 + from + i},Customer ${from + i},${(i % 90) + 10},c${from + i}@example.test`)].join("\n");
const batchTotal = async () => ((await (await stack.api("submitter", "GET", "/api/dispatch/batch?limit=1")).json()) as { total: number }).total;

describe("login", () => {
  it("refuses a wrong secret without saving anything, and saves a right one readable by its owner only", async () => {
    const wrong = await cli("admin", ["login", "--url", stack.baseUrl, "--issuer", stack.issuer, "--audience", stack.audience, "--client-id", users.admin.clientId, "--client-secret-stdin"], { stdin: "not-the-secret" });
    expect(wrong.code).toBe(5);
    expect(wrong.stderr).toMatch(/token request for acme-admin answered 401/);
    expect(fs.existsSync(path.join(home, "admin/credentials.json"))).toBe(false);

    const saved = fs.statSync(path.join(home, "submitter/credentials.json"));
    expect(saved.mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(home, "submitter")).mode & 0o077).toBe(0);
  });

  it("refuses a credentials file that others can read, as ssh does a key", async () => {
    const copy = path.join(home, "leaky");
    fs.mkdirSync(copy);
    fs.copyFileSync(path.join(home, "submitter/credentials.json"), path.join(copy, "credentials.json"));
    fs.chmodSync(path.join(copy, "credentials.json"), 0o644);
    const r = await cli("submitter", ["workflow", "status", "00000000-0000-4000-8000-000000000000"], { env: { SEALPOST_CONFIG_DIR: copy } });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/can be read by other users: run chmod 600/);
  });

  it("says how to log in when there is no profile", async () => {
    const r = await cli("outsider", ["batch", "watch", "00000000-0000-4000-8000-000000000000", "--json"]);
    expect(r.code).toBe(5);
    expect(r.json()).toMatchObject({ error: expect.stringMatching(/Not logged in: run sealpost login/) });
  });
});

describe("batch send applies the spec's thresholds", () => {
  it("sends 25 records at once", async () => {
    const r = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("25.csv", letters(25)), "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ sent: true, decision: "send", counts: { total: 25, invalid: 0 }, batchId: expect.any(String) });
  });

  it("does not send 26 records without a confirmation, and sends them with --yes", async () => {
    const list = file("26.csv", letters(26, 100));
    const before = await batchTotal();
    const refused = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", list]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/26 records need a confirmation \(more than 25\): run again with --yes/);
    expect(await batchTotal()).toBe(before);

    const sent = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", list, "--yes", "--json"]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.json()).toMatchObject({ sent: true, decision: "confirm", counts: { total: 26 } });
    expect(await batchTotal()).toBe(before + 1);
  });

  it("sends 100 records with --yes and blocks 101 with the spec's request, even with --yes", async () => {
    const hundred = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("100.csv", letters(100, 200)), "--yes", "--json"]);
    expect(hundred.code, hundred.stderr).toBe(0);
    expect(hundred.json()).toMatchObject({ sent: true, counts: { total: 100 } });

    const before = await batchTotal();
    const blocked = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("101.csv", letters(101, 300)), "--yes"]);
    expect(blocked.code).toBe(4);
    expect(blocked.stderr).toContain("You have selected 101 records. Select 100 or fewer records to send them in one batch.");
    expect(await batchTotal()).toBe(before);
  });

  it("blocks 10,000 rows, and checks them all when the environment raises the limit", async () => {
    const big = file("10000.csv", letters(10_000, 10_000));
    const blocked = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", big, "--json"]);
    expect(blocked.code).toBe(4);
    expect(blocked.json()).toMatchObject({ error: "You have selected 10,000 records. Select 100 or fewer records to send them in one batch.", decision: "blocked" });

    const raised = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", big, "--dry-run", "--json"], {
      env: { svc_batchwarningthreshold: "10000", svc_batchmaxthreshold: "10000" },
    });
    expect(raised.code, raised.stderr).toBe(0);
    expect(raised.json()).toMatchObject({ sent: false, decision: "send", counts: { total: 10_000, ready: 10_000 } });
  });
});

describe("records as people export them", () => {
  it("reads a CSV with a BOM, semicolons, labels for headings and a quoted line break", async () => {
    const text = '\uFEFFCustomer id;Name;Amount;Email\nC501;"Ann\nSmith";12,5;ann@example.test\nC502;Bob;80;bob@example.test\n';
    const r = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("excel.csv", text), "--dry-run", "--json"]);
    // "12,5" is a comma-decimal amount: intake says so in its own words instead of guessing.
    expect(r.code).toBe(3);
    const out = r.json();
    expect(out).toMatchObject({ counts: { total: 2, invalid: 1 } });
    expect(JSON.stringify(out.records)).toMatch(/amount: .*number/i);

    const fixed = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("excel-fixed.csv", text.replace("12,5", "12.5")), "--dry-run", "--json"]);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.json().dataSource).toEqual([
      { customerId: "C501", name: "Ann\nSmith", amount: 12.5, recipientEmail: "ann@example.test" },
      { customerId: "C502", name: "Bob", amount: 80, recipientEmail: "bob@example.test" },
    ]);
  });

  it("keeps a formula-looking cell as the text it is: nothing evaluates it", async () => {
    const r = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("formula.csv", 'customerId,name,recipientEmail\nC601,"=HYPERLINK(""http://evil.test"",""x"")",f@example.test\n'), "--dry-run", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().dataSource).toEqual([{ customerId: "C601", name: '=HYPERLINK("http://evil.test","x")', recipientEmail: "f@example.test" }]);
  });

  it("refuses a file that is not UTF-8, naming its line, and sends nothing", async () => {
    const latin1 = Buffer.concat([Buffer.from("customerId,name\nC701,Zo"), Buffer.from([0xeb]), Buffer.from("\n")]);
    const before = await batchTotal();
    const r = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("latin1.csv", latin1)]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("latin1.csv is not UTF-8 text (line 2): save it as CSV UTF-8 or JSON");
    expect(await batchTotal()).toBe(before);
  });

  it("refuses records with errors, listing each with its field, and sends nothing", async () => {
    const before = await batchTotal();
    const r = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("bad.csv", "customerId,name,amount\nX1,Ann,5\nC802,,abc\n")]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/2 records: 0 ready, 0 with warnings, 2 invalid/);
    expect(r.stderr).toMatch(/record 1 +error +customerId/);
    expect(r.stderr).toMatch(/record 2 +error +name/);
    expect(r.stderr).toContain("2 of 2 records have errors: correct them and run again (nothing was sent)");
    expect(await batchTotal()).toBe(before);
  });

  it("names an unknown template as the server's problem", async () => {
    const r = await cli("submitter", ["batch", "send", "--template", "no-such.md", "--records", file("one.csv", letters(1, 900)), "--json"]);
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({ problem: { code: "template.not_found" } });
  });
});

describe("a batch from send to download", () => {
  it("is sent, approved by its approver, watched to completion and downloaded document by document", async () => {
    const correlationId = `cli-${Date.now()}`;
    const sent = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("three.csv", letters(3, 5000)), "--correlation-id", correlationId, "--receipt", path.join(home, "receipt.pdf"), "--explain", "--json"]);
    expect(sent.code, sent.stderr).toBe(0);
    const batchId = sent.json().batchId as string;
    expect(fs.readFileSync(path.join(home, "receipt.pdf")).subarray(0, 5).toString()).toBe("%PDF-");

    // The same correlation id again names the same batch.
    const again = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", path.join(home, "three.csv"), "--correlation-id", correlationId, "--json"]);
    expect(again.json()).toMatchObject({ batchId, replayed: true });

    const selfDecided = await cli("submitter", ["batch", "decide", batchId, "approve"]);
    expect(selfDecided.code).toBe(1);
    expect(selfDecided.stderr).toMatch(/\(batch\.not_approver, HTTP 403\)/);

    const decided = await cli("approver", ["batch", "decide", batchId, "approve", "--comment", "From the CLI", "--json"]);
    expect(decided.code, decided.stderr).toBe(0);
    expect(decided.json()).toMatchObject({ batchId, state: "queued" });

    const watched = await cli("submitter", ["batch", "watch", batchId, "--interval", "200", "--timeout", "90", "--json"]);
    expect(watched.code, watched.stderr).toBe(0);
    expect(watched.json()).toMatchObject({ batchId, state: "completed", documents: 3, processed: 3, failed: 0 });

    const folder = path.join(home, "docs");
    const downloaded = await cli("submitter", ["batch", "download", batchId, "--documents", folder, "--json"]);
    expect(downloaded.code, downloaded.stderr).toBe(0);
    const files = fs.readdirSync(folder).sort();
    expect(files).toEqual(["1-letter-C6000-1.pdf", "2-letter-C6001-2.pdf", "3-letter-C6002-3.pdf"]);
    for (const f of files) expect(fs.readFileSync(path.join(folder, f)).subarray(0, 5).toString()).toBe("%PDF-");

    // --explain traced every record: its summary report comes by the record's correlation id.
    const docs = (await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`)).json()) as { documents: Array<{ correlationId: string }> };
    const report = path.join(home, "summary.pdf");
    const explained = await cli("submitter", ["explain", docs.documents[0].correlationId, "--summary", report]);
    expect(explained.code, explained.stderr).toBe(0);
    expect(fs.readFileSync(report).subarray(0, 5).toString()).toBe("%PDF-");
  }, 120_000);

  it("a bundle of a batch without one is the server's problem, and no file is left behind", async () => {
    const sent = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("two.csv", letters(2, 6000)), "--json"]);
    const batchId = sent.json().batchId as string;
    const r = await cli("submitter", ["batch", "download", batchId, "--bundle", path.join(home, "none.zip")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/HTTP 40\d|HTTP 409/);
    expect(fs.existsSync(path.join(home, "none.zip"))).toBe(false);
    expect(fs.existsSync(path.join(home, "none.zip.part"))).toBe(false);
  });
});

describe("workflows", () => {
  it("creates one, reads its status and exports its data as CSV", async () => {
    const created = await cli("submitter", ["workflow", "create", "--template", "workflow/leave-request.md", "--recipient", "pat@example.test,Pat", "--json"]);
    expect(created.code, created.stderr).toBe(0);
    const { workflowId } = created.json() as { workflowId: string };
    expect(created.json()).toMatchObject({ state: "in-progress", portalUrl: expect.stringContaining(`/portal/${workflowId}`) });

    const status = await cli("submitter", ["workflow", "status", workflowId]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`Workflow ${workflowId}: in-progress`);

    const csv = await cli("submitter", ["workflow", "export", workflowId, "--format", "csv"]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split(/\r?\n/)[0]).toMatch(/,/);
  });
});

describe("when a part is down", () => {
  // A port that was listening a moment ago and is closed now: the connection is refused at once.
  let nowhere = "";
  beforeAll(async () => {
    const s = net.createServer();
    await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
    nowhere = `http://127.0.0.1:${(s.address() as net.AddressInfo).port}`;
    await new Promise((resolve) => s.close(resolve));
  });

  it("says that Sealpost cannot be reached, with exit code 1, and makes nothing", async () => {
    const before = await batchTotal();
    const r = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", file("down.csv", letters(2, 7000)), "--json"], { env: { SEALPOST_URL: nowhere } });
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({ error: expect.stringMatching(/^Cannot reach the server: ECONNREFUSED/) });
    expect(await batchTotal()).toBe(before);
  });

  it("says that the OpenID provider cannot be reached, with the auth exit code and no advice about the secret", async () => {
    const r = await cli("submitter", ["workflow", "status", "00000000-0000-4000-8000-000000000000"], { env: { SEALPOST_ISSUER: nowhere } });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`The OpenID provider ${nowhere}/.well-known/openid-configuration cannot be reached (ECONNREFUSED)`);
    expect(r.stderr).not.toContain("check the client id");
  });
});

describe("the command line itself", () => {
  it("answers a usage error with exit code 2 and the command's help", async () => {
    const r = await cli("submitter", ["batch", "decide", "00000000-0000-4000-8000-000000000000", "maybe"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Allowed choices are approve, reject, request-changes/);
  });
});
