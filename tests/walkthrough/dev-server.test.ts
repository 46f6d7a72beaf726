import { execFile, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * What a newcomer does first: `npm run dev` on a fresh data folder, the README's walk-through
 * (every ```sh block of its "Walk-through" section, as one script) twice in a row, then stopping
 * the dev server. The ports are the README's: 3000 for the app and 9400 for the identity provider.
 */
const run = promisify(execFile);
const repo = path.resolve(__dirname, "../..");
const APP_PORT = 3000;
const IDP_PORT = 9400;

export function walkThroughScript(readme: string): string {
  const section = readme.split(/^## /m).find((s) => s.startsWith("Walk-through"));
  if (!section) throw new Error("README.md has no '## Walk-through' section");
  const blocks = [...section.matchAll(/^```sh\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  if (!blocks.length) throw new Error("README.md's walk-through has no ```sh block");
  return ["set -euo pipefail", ...blocks].join("\n");
}

const dataDirs: string[] = [];
const servers: ChildProcess[] = [];

afterAll(async () => {
  for (const s of servers) if (s.exitCode === null) s.kill("SIGKILL");
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** `npm run dev` as a newcomer starts it: no test settings, a data folder of its own. */
function startDev(): { npm: ChildProcess; log: () => string; dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-dev-"));
  dataDirs.push(dataDir);
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(NODE_ENV|VITEST.*|TEST_.*|DATABASE_URL|SMTP_URL|AUTH_.*|PORT)$/.test(k)) env[k] = v;
  env.DATA_DIR = dataDir;
  const npm = spawn("npm", ["run", "dev"], { cwd: repo, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  servers.push(npm);
  let out = "";
  npm.stdout!.on("data", (b) => (out += b));
  npm.stderr!.on("data", (b) => (out += b));
  return { npm, log: () => out, dataDir };
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });

async function until(what: string, ok: () => Promise<boolean>, ms: number, log: () => string): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) if (await ok()) return;
  throw new Error(`${what} within ${ms / 1000} s; the dev server said:\n${log().slice(-4000)}`);
}

const healthy = () =>
  fetch(`http://localhost:${APP_PORT}/api/health`).then(
    (r) => r.ok,
    () => false,
  );

/** Every process below `pid`, from /proc (Linux). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone while we looked
    }
  }
  const all: number[] = [];
  const walk = (p: number) => (children.get(p) ?? []).forEach((c) => (all.push(c), walk(c)));
  walk(pid);
  return all;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return false;
  }
};

/** Sends `signal` to the npm process alone, as `kill` would, and expects every process it started to end and both ports to be free. */
async function expectStopsOn(dev: ReturnType<typeof startDev>, signal: NodeJS.Signals): Promise<void> {
  const tree = descendants(dev.npm.pid!);
  expect(tree.length).toBeGreaterThan(2); // npm's script, Next.js and its server, at least
  process.kill(dev.npm.pid!, signal);
  await until(`every process of npm run dev ended after ${signal}`, async () => tree.every((p) => !alive(p)), 20_000, dev.log);
  expect(await portOpen(APP_PORT)).toBe(false);
  expect(await portOpen(IDP_PORT)).toBe(false);
}

describe.sequential("npm run dev", () => {
  it("serves the README walk-through twice in a row on a fresh data folder, then stops on SIGTERM", async () => {
    expect(await portOpen(APP_PORT), "port 3000 is taken: the walk-through needs it").toBe(false);
    expect(await portOpen(IDP_PORT), "port 9400 is taken: the walk-through needs it").toBe(false);
    const dev = startDev();
    await until("the app answered /api/health", healthy, 240_000, dev.log);
    const script = walkThroughScript(fs.readFileSync(path.join(repo, "README.md"), "utf8"));
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-walk-"));
    dataDirs.push(work);
    for (const round of [1, 2]) {
      const r = await run("bash", ["-c", script], { cwd: work, timeout: 300_000, maxBuffer: 64 << 20 }).catch(
        (err: { stdout?: string; stderr?: string; message: string }) => {
          throw new Error(
            `walk-through round ${round} failed: ${err.message}\n--- stdout\n${err.stdout}\n--- stderr\n${err.stderr}\n--- dev server\n${dev.log().slice(-4000)}`,
          );
        },
      );
      expect(r.stderr, `round ${round} wrote to stderr`).toBe("");
    }
    // Links as a participant, a signer and a recipient open them: the request log shows where, never the token.
    const secret = () => crypto.randomBytes(24).toString("base64url");
    const tokens = [secret(), secret(), secret(), secret()];
    const links = [
      `/portal/${crypto.randomUUID()}?pt=${tokens[0]}`,
      `/sign/${tokens[1]}`,
      `/api/sign/${tokens[2]}/document`,
      `/d/${tokens[3]}/file`,
    ];
    for (const link of links) await fetch(`http://127.0.0.1:${APP_PORT}${link}`).then((r) => r.arrayBuffer());
    await until(
      "the dev server logged the links",
      async () => ["?pt=[token]", "/sign/[token]", "/api/sign/[token]/document", "/d/[token]/file"].every((l) => dev.log().includes(l)),
      60_000,
      dev.log,
    );
    for (const token of tokens) expect(dev.log()).not.toContain(token);
    // On a supported Node.js, nothing the stack runs asks for another (oidc-provider and React did on Node 20).
    expect(dev.log()).not.toMatch(/Unsupported runtime|upgrade to a modern Node/i);
    await expectStopsOn(dev, "SIGTERM");
  });

  for (const signal of ["SIGINT", "SIGHUP"] as const) {
    it(`stops Next.js and the identity provider on ${signal}`, async () => {
      const dev = startDev();
      // Listening is enough: Next.js's server process exists once port 3000 is open.
      await until("both ports open", async () => (await portOpen(APP_PORT)) && (await portOpen(IDP_PORT)), 120_000, dev.log);
      await expectStopsOn(dev, signal);
    });
  }
});
