import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  esignFixtures,
  person,
  sealedForSigning,
  signingLink,
  signInTurn,
  signWith,
  typedSignature,
  workflowStatus,
  type EsignFixtures,
} from "../support/esign-flow";
import { addDemoTemplates, eventually, startStack, users, type Stack, type UserName } from "../support/stack";
import { runInTerminal } from "../support/terminal";

/**
 * The `sealpost` command line against the real stack: tokens from the OpenID provider's
 * client-credentials grant, records read by the server, the spec's thresholds at 25, 26, 100 and 101.
 */
const root = path.resolve(__dirname, "../..");
let stack: Stack;
let home: string;
let fx: EsignFixtures;

beforeAll(async () => {
  fx = await esignFixtures();
  // 10,000 rows must reach the thresholds, not the server's own cap; the e-signature fixtures sign a workflow.
  stack = await startStack({ env: { BATCH_MAX_RECORDS: "10000", ...fx.env } });
  // docs/cli.md's sample sends the demo's notice.md.
  addDemoTemplates(stack);
  home = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-cli-"));
  for (const user of ["submitter", "approver"] as const) {
    const r = await cli(
      user,
      [
        "login",
        "--url",
        stack.baseUrl,
        "--issuer",
        stack.issuer,
        "--audience",
        stack.audience,
        "--client-id",
        users[user].clientId,
        "--client-secret-stdin",
      ],
      { stdin: `${users[user].clientSecret}\n` },
    );
    expect(r.code, r.stderr).toBe(0);
  }
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await fx?.close();
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  json: () => Record<string, unknown>;
}

/** This process's environment without its SEALPOST_* and threshold settings. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith("SEALPOST_") || k.startsWith("svc_batch")) delete env[k];
  return env;
}

/** Runs `sealpost ARGS` as `user` (each user a profile folder of its own), with nothing of this process's SEALPOST_* settings. */
function cli(user: UserName, args: string[], o: { stdin?: string; env?: Record<string, string> } = {}): Promise<Run> {
  const child = spawn(process.execPath, [path.join(root, "bin/sealpost.mjs"), ...args], {
    cwd: home,
    env: { ...cleanEnv(), SEALPOST_CONFIG_DIR: path.join(home, user), ...o.env },
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
  [
    "customerId,name,amount,recipientEmail",
    ...Array.from({ length: n }, (_, i) => `C${1000 + from + i},Customer ${from + i},${(i % 90) + 10},c${from + i}@example.test`),
  ].join("\n");
const batchTotal = async () =>
  ((await (await stack.api("submitter", "GET", "/api/dispatch/batch?limit=1")).json()) as { total: number }).total;

describe("login", () => {
  it("refuses a wrong secret without saving anything, and saves a right one readable by its owner only", async () => {
    const wrong = await cli(
      "admin",
      [
        "login",
        "--url",
        stack.baseUrl,
        "--issuer",
        stack.issuer,
        "--audience",
        stack.audience,
        "--client-id",
        users.admin.clientId,
        "--client-secret-stdin",
      ],
      { stdin: "not-the-secret" },
    );
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
    const r = await cli("submitter", ["workflow", "status", "00000000-0000-4000-8000-000000000000"], {
      env: { SEALPOST_CONFIG_DIR: copy },
    });
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
    const hundred = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      file("100.csv", letters(100, 200)),
      "--yes",
      "--json",
    ]);
    expect(hundred.code, hundred.stderr).toBe(0);
    expect(hundred.json()).toMatchObject({ sent: true, counts: { total: 100 } });

    const before = await batchTotal();
    const blocked = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      file("101.csv", letters(101, 300)),
      "--yes",
    ]);
    expect(blocked.code).toBe(4);
    expect(blocked.stderr).toContain("You have selected 101 records. Select 100 or fewer records to send them in one batch.");
    expect(await batchTotal()).toBe(before);
  });

  it("blocks 10,000 rows, and checks them all when the environment raises the limit", async () => {
    const big = file("10000.csv", letters(10_000, 10_000));
    const blocked = await cli("submitter", ["batch", "send", "--template", "letter.md", "--records", big, "--json"]);
    expect(blocked.code).toBe(4);
    expect(blocked.json()).toMatchObject({
      error: "You have selected 10,000 records. Select 100 or fewer records to send them in one batch.",
      decision: "blocked",
    });

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
    const r = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      file("excel.csv", text),
      "--dry-run",
      "--json",
    ]);
    // "12,5" is a comma-decimal amount: intake says so in its own words instead of guessing.
    expect(r.code).toBe(3);
    const out = r.json();
    expect(out).toMatchObject({ counts: { total: 2, invalid: 1 } });
    expect(JSON.stringify(out.records)).toMatch(/amount: .*number/i);

    const fixed = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      file("excel-fixed.csv", text.replace("12,5", "12.5")),
      "--dry-run",
      "--json",
    ]);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.json().dataSource).toEqual([
      { customerId: "C501", name: "Ann\nSmith", amount: 12.5, recipientEmail: "ann@example.test" },
      { customerId: "C502", name: "Bob", amount: 80, recipientEmail: "bob@example.test" },
    ]);
  });

  it("keeps a formula-looking cell as the text it is: nothing evaluates it", async () => {
    const r = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      file("formula.csv", 'customerId,name,recipientEmail\nC601,"=HYPERLINK(""http://evil.test"",""x"")",f@example.test\n'),
      "--dry-run",
      "--json",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().dataSource).toEqual([
      { customerId: "C601", name: '=HYPERLINK("http://evil.test","x")', recipientEmail: "f@example.test" },
    ]);
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
    const r = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      file("bad.csv", "customerId,name,amount\nX1,Ann,5\nC802,,abc\n"),
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/2 records: 0 ready, 0 with warnings, 2 invalid/);
    // Each field by its label, as people read it.
    expect(r.stderr).toMatch(/record 1 +error +Customer id does not have the expected form/);
    expect(r.stderr).toMatch(/record 2 +error +Name is required/);
    expect(r.stderr).toContain("2 of 2 records have errors: correct them and run again (nothing was sent)");
    expect(await batchTotal()).toBe(before);
  });

  it("names an unknown template as the server's problem", async () => {
    const r = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "no-such.md",
      "--records",
      file("one.csv", letters(1, 900)),
      "--json",
    ]);
    expect(r.code).toBe(1);
    expect(r.json()).toMatchObject({ problem: { code: "template.not_found" } });
  });
});

describe("a batch from send to download", () => {
  it("is sent, approved by its approver, watched to completion and downloaded document by document", async () => {
    const correlationId = `cli-${Date.now()}`;
    const sent = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      file("three.csv", letters(3, 5000)),
      "--correlation-id",
      correlationId,
      "--receipt",
      path.join(home, "receipt.pdf"),
      "--explain",
      "--json",
    ]);
    expect(sent.code, sent.stderr).toBe(0);
    const batchId = sent.json().batchId as string;
    expect(fs.readFileSync(path.join(home, "receipt.pdf")).subarray(0, 5).toString()).toBe("%PDF-");

    // The same correlation id again names the same batch.
    const again = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      path.join(home, "three.csv"),
      "--correlation-id",
      correlationId,
      "--json",
    ]);
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
    const docs = (await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`)).json()) as {
      documents: Array<{ correlationId: string }>;
    };
    const report = path.join(home, "summary.pdf");
    const explained = await cli("submitter", ["explain", docs.documents[0].correlationId, "--summary", report]);
    expect(explained.code, explained.stderr).toBe(0);
    expect(fs.readFileSync(report).subarray(0, 5).toString()).toBe("%PDF-");
    const german = await cli("submitter", ["explain", docs.documents[0].correlationId, "--summary", report, "--lang", "de-DE", "--json"]);
    expect(german.code, german.stderr).toBe(0);
    expect(JSON.parse(german.stdout)).toMatchObject({ mode: "summary", lang: "de" });
  }, 120_000);

  it("a bundle of a batch without one is the server's problem, and no file is left behind", async () => {
    const sent = await cli("submitter", [
      "batch",
      "send",
      "--template",
      "letter.md",
      "--records",
      file("two.csv", letters(2, 6000)),
      "--json",
    ]);
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
    const created = await cli("submitter", [
      "workflow",
      "create",
      "--template",
      "workflow/leave-request.md",
      "--recipient",
      "pat@example.test,Pat",
      "--json",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { workflowId } = created.json() as { workflowId: string };
    expect(created.json()).toMatchObject({ state: "in-progress", portalUrl: expect.stringContaining(`/portal/${workflowId}`) });

    const status = await cli("submitter", ["workflow", "status", workflowId]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout.split("\n").slice(0, 4)).toEqual([
      `Workflow ${workflowId}: Being filled in`,
      expect.stringMatching(/^ {2}Correlation id: \S+$/),
      "  Step 1 of 3",
      "  Validation: not validated yet",
    ]);

    const csv = await cli("submitter", ["workflow", "export", workflowId, "--format", "csv"]);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout.split(/\r?\n/)[0]).toMatch(/,/);
  });
});

describe("workflow status of a workflow with e-signature", () => {
  // A moment as the CLI prints it in UTC (TZ below), e.g. "2 Dec 2026, 08:15 UTC".
  const T = String.raw`\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC`;
  const lines = (r: Run) => r.stdout.replace(/\n$/, "").split("\n");
  const line = (pattern: string) => expect.stringMatching(new RegExp(`^${pattern}$`));
  const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  it("lists the signers in their order, each with what they did and when, then the signed file", async () => {
    const [ada, bo] = [person("Ada", { role: "Chief executive" }), person("Bo")];
    const id = await sealedForSigning(stack, [ada, bo], "sequential");
    const status = () => cli("submitter", ["workflow", "status", id], { env: { TZ: "UTC" } });
    const ADA = `${esc(ada.name)} <${esc(ada.email)}>, Chief executive`;
    const BO = `${esc(bo.name)} <${esc(bo.email)}>`;

    let r = await status();
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r)).toEqual([
      `Workflow ${id}: Sealing`,
      line(" {2}Correlation id: esign-\\S+"),
      "  Validation: passed",
      "  Signing (sequential), revision 0:",
      line(` {4}1\\. ${ADA}: Invited ${T}; the link expires ${T}`),
      line(` {4}2\\. ${BO}: Waiting for an earlier signer`),
      line(` {2}Last changed ${T} \\(version \\d+\\)`),
    ]);

    await signInTurn(stack, id, [ada]);
    r = await status();
    expect(lines(r).slice(3, 6)).toEqual([
      "  Signing (sequential), revision 1:",
      line(` {4}1\\. ${ADA}: Signed ${T}, identified by email link`),
      line(` {4}2\\. ${BO}: Invited ${T}; the link expires ${T}`),
    ]);

    const token = await signingLink(stack, bo.email);
    expect((await signWith(stack, token, typedSignature(bo.name))).status).toBe(202);
    await eventually(async () => (await workflowStatus(stack, id)).state === "complete", 60_000, "complete");
    r = await status();
    const json = await cli("submitter", ["workflow", "status", id, "--json"]);
    const answer = json.json() as { sealedSha256: string; signing: { signers: unknown[] } };
    expect(lines(r)).toEqual([
      `Workflow ${id}: Complete`,
      line(" {2}Correlation id: esign-\\S+"),
      "  Validation: passed",
      "  Signing (sequential), revision 2:",
      line(` {4}1\\. ${ADA}: Signed ${T}, identified by email link`),
      line(` {4}2\\. ${BO}: Signed ${T}, identified by email link`),
      line(` {2}Sealed ${T} as Expense-governance-check-signed\\.pdf`),
      `  SHA-256: ${answer.sealedSha256}`,
      line(` {2}Last changed ${T} \\(version \\d+\\)`),
    ]);
    // --json stays the whole answer.
    expect(answer).toMatchObject({
      workflowId: id,
      state: "complete",
      sealedFileName: "Expense-governance-check-signed.pdf",
      signing: { mode: "sequential", documentRevision: 2 },
    });
    expect(answer.signing.signers).toHaveLength(2);
  }, 180_000);
});

describe("the sample session of docs/cli.md", () => {
  /**
   * The 40 customers the sample sends: records 7 and 19 name an account manager longer than
   * notice.md's 40 characters, a warning; the headings are the template's labels, as a spreadsheet exports them.
   */
  const customers = () =>
    [
      "Customer number,Customer name,Email,Amount due,Due date,Plan,Account manager",
      ...Array.from({ length: 40 }, (_, i) => {
        const manager = i === 6 || i === 18 ? "Alexandra Montgomery-Fitzgerald, Accounts Receivable" : "Sam Lee";
        return `C${2001 + i},Customer ${i + 1},customer${i + 1}@example.test,${(i % 9) * 25 + 40},2026-12-01,${["basic", "plus", "premium"][i % 3]},"${manager}"`;
      }),
    ].join("\n");
  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

  /**
   * Each command of the sample's console block runs in a real terminal (a pseudo-terminal), as the
   * sample shows it: the secret and the confirmation are typed at their prompts, and the progress bar
   * is drawn. Its lines are compared with what the terminal shows at the end, where the bar's last
   * frame stands. Only what differs in this stack is mapped: its addresses, its client id and the home
   * folder; ids are compared by the place they first appear, so the sample's ids and the run's need
   * only agree with themselves.
   */
  it("is what the commands print on a terminal, line by line", async () => {
    const md = fs.readFileSync(path.join(root, "docs/cli.md"), "utf8");
    const block = /```console\n([\s\S]*?)\n```/.exec(md)![1];
    const steps: Array<{ command: string; expected: string[] }> = [];
    for (const l of block.split("\n")) {
      if (l.startsWith("$ ")) steps.push({ command: l.slice(2), expected: [] });
      else steps.at(-1)!.expected.push(l);
    }
    const sampleHome = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-sample-"));
    fs.writeFileSync(path.join(sampleHome, "customers.csv"), customers());
    // The sample's words for what is this stack's.
    const sampleFor: Array<[string, string]> = [
      [stack.baseUrl, "http://localhost:3000"],
      [stack.issuer, "http://127.0.0.1:9400"],
      [users.submitter.clientId, "demo-submitter"],
      [sampleHome, "/home/you"],
    ];
    // Longest first, so that an address never replaces part of a longer one.
    sampleFor.sort(([a], [b]) => b.length - a.length);
    // Ids become "<id N>", N the place each first appears in the session: the sample's and the run's then read alike.
    const numbering = () => {
      const seen = new Map<string, number>();
      const number = (lines: string[]) =>
        lines.map((l) => l.replace(UUID, (id) => `<id ${seen.get(id) ?? seen.set(id, seen.size + 1).get(id)!}>`));
      return { seen, number };
    };
    const sampleIds = numbering();
    const runIds = numbering();
    const runIdFor = (sampleId: string) => [...runIds.seen].find(([, n]) => n === sampleIds.seen.get(sampleId))?.[0];
    const env = { ...cleanEnv(), HOME: sampleHome, XDG_CONFIG_HOME: "", SEALPOST_AUDIENCE: stack.audience, TZ: "UTC" };

    for (const step of steps) {
      const argv = step.command
        .split(" ")
        .map((word) => sampleFor.find(([, sample]) => sample === word)?.[0] ?? word.replace(UUID, (id) => runIdFor(id) ?? id));
      expect(argv.slice(0, 2)).toEqual(["npx", "sealpost"]);
      const running = runInTerminal([process.execPath, path.join(root, "bin/sealpost.mjs"), ...argv.slice(2)], {
        cwd: sampleHome,
        env,
        timeoutMs: 150_000,
        answers: [
          { after: `Client secret for ${users.submitter.clientId}:`, type: users.submitter.clientSecret },
          { after: "[y/N]", type: "y" },
        ],
      });
      // While the batch is watched, its approver approves it (in the console, in the sample's story).
      if (argv[3] === "watch") {
        const decided = await stack.api("approver", "POST", `/api/dispatch/batch/${argv[4]}/decide`, {
          decision: "approve",
          comments: "Checked",
        });
        expect(decided.status).toBe(200);
      }
      const run = await running;
      expect({ code: run.code, timedOut: run.timedOut }, `$ ${step.command}:\n${run.screen.join("\n")}`).toEqual({
        code: 0,
        timedOut: false,
      });
      expect(run.raw, "the secret is never echoed").not.toContain(users.submitter.clientSecret);
      const shown = run.screen.map((l) => sampleFor.reduce((text, [mine, sample]) => text.replaceAll(mine, sample), l));
      expect(runIds.number(shown), `$ ${step.command}`).toEqual(sampleIds.number(step.expected));
    }
    fs.rmSync(sampleHome, { recursive: true, force: true });
  }, 420_000);
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
    const r = await cli(
      "submitter",
      ["batch", "send", "--template", "letter.md", "--records", file("down.csv", letters(2, 7000)), "--json"],
      { env: { SEALPOST_URL: nowhere } },
    );
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
