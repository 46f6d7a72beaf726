import { spawn, execFile, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { demoConsoleClient, startDevIdp, fetchClientToken, type DevClient, type DevUser } from "@/lib/devidp/provider";
import { stopGroup } from "../../scripts/process-group";
import { documentedFetch } from "./documented";
import { freePort } from "./free-port";
import { startS3Server, STACK_PREFIX } from "./s3";
import { startSmtpServer, type SmtpServerOptions } from "./smtp";
import { applyTestTenants, stackTemplate } from "./stack-template";
import { createTempDataDir, createTestDatabase } from "./test-db";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const AUDIENCE = "sealpost-test";

export type DbKind = "postgres" | "pglite";
export const dbKind = (): DbKind => (process.env.TEST_DB === "pglite" ? "pglite" : "postgres");
/** Where a stack keeps its blobs: the local folder, or a real S3 server on loopback (the integration-s3 project). */
export type BlobKind = "local" | "s3";
export const blobKind = (): BlobKind => (process.env.TEST_BLOB === "s3" ? "s3" : "local");

/** Users of the test tenants, each a client-credentials client of the real OIDC provider. */
export const users = {
  submitter: {
    clientId: "acme-submitter",
    clientSecret: "s1-secret-value",
    claims: { tid: "acme", email: "submitter@acme.test", roles: [] },
  },
  approver: { clientId: "acme-approver", clientSecret: "s2-secret-value", claims: { tid: "acme", email: "approver@acme.test", roles: [] } },
  approver2: { clientId: "acme-approver2", clientSecret: "s3-secret-value", claims: { tid: "acme", email: "second@acme.test", roles: [] } },
  admin: { clientId: "acme-admin", clientSecret: "s7-secret-value", claims: { tid: "acme", email: "admin@acme.test", roles: ["admin"] } },
  outsider: { clientId: "globex-user", clientSecret: "s4-secret-value", claims: { tid: "globex", email: "approver@acme.test", roles: [] } },
  unlicensed: {
    clientId: "initech-user",
    clientSecret: "s5-secret-value",
    claims: { tid: "initech", email: "user@initech.test", roles: [] },
  },
  stranger: { clientId: "nowhere-user", clientSecret: "s6-secret-value", claims: { tid: "nowhere", email: "x@nowhere.test", roles: [] } },
} satisfies Record<string, DevClient>;
export type UserName = keyof typeof users;

/**
 * The same people as users of the IdP's login page (the console): user name = client id, so that the
 * outsider (another tenant, same email as the acme approver) is a different login.
 */
export const logins: Record<UserName, DevUser> = Object.fromEntries(
  Object.entries(users).map(([name, c]) => [
    name,
    { username: c.clientId, password: `${c.clientId}-password`, claims: { ...c.claims, name: `Test ${name}` } },
  ]),
) as Record<UserName, DevUser>;
export const CONSOLE_CLIENT = { id: "sealpost-console-test", secret: "console-test-secret-value" };

/**
 * A running product for a test: the API and pages (`next start` on the build, or with `dev` the
 * development server, `next dev`, as `npm run dev` runs it), the identity provider, an SMTP server,
 * a database and a data folder of its own.
 */
export async function startStack(
  opts: { db?: DbKind; blob?: BlobKind; env?: Record<string, string>; pgAdminUrl?: string; smtp?: SmtpServerOptions; dev?: boolean } = {},
) {
  const kind = opts.db ?? dbKind();
  const s3 = (opts.blob ?? blobKind()) === "s3" ? await startS3Server() : null;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const consoleClient = demoConsoleClient(baseUrl, CONSOLE_CLIENT.id, CONSOLE_CLIENT.secret);
  const idp = await startDevIdp({
    port: 0,
    audience: AUDIENCE,
    clients: Object.values(users),
    users: Object.values(logins),
    webClients: [consoleClient],
  });
  const smtp = await startSmtpServer(opts.smtp);
  const template = stackTemplate(kind, opts.pgAdminUrl);
  const database = kind === "postgres" ? await createTestDatabase(opts.pgAdminUrl, template ?? undefined) : null;
  const dataDir = createTempDataDir();
  if (kind === "pglite" && template) fs.cpSync(template, dataDir.dir, { recursive: true });
  // Templates are copied so that a test may add or break one without touching the fixtures.
  const templatesDir = path.join(dataDir.dir, "templates");
  fs.cpSync(path.join(root, "tests/fixtures/templates"), templatesDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: opts.dev ? "development" : "production",
    PORT: String(port),
    DATA_DIR: dataDir.dir,
    AUTH_ISSUER: idp.issuer,
    AUTH_AUDIENCE: AUDIENCE,
    SMTP_URL: smtp.url,
    PUBLIC_BASE_URL: baseUrl,
    TEMPLATES_DIR: templatesDir,
    PORTAL_TOKEN_SECRET: "test-portal-secret-with-at-least-32-chars",
    CONSOLE_CLIENT_ID: CONSOLE_CLIENT.id,
    CONSOLE_CLIENT_SECRET: CONSOLE_CLIENT.secret,
    AUTH_SECRET: "test-console-session-secret-with-32-chars-or-more",
    NEXT_TELEMETRY_DISABLED: "1",
    JOB_LEASE_MS: "3000",
    // Under Vitest two files run at once, each with a server: a render thread per core in each would
    // boot four threads, each loading the renderer and its fonts, for two cores. One each renders every test's
    // documents; the pool's threads side by side are the unit tests' (pdf-render-pool). The benchmarks
    // keep the default.
    ...(process.env.VITEST ? { RENDER_THREADS: "1" } : {}),
    ...s3?.env(),
    ...opts.env,
  };
  if (database) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;

  const admin = (...args: string[]) => run("npx", ["tsx", "scripts/admin.ts", ...args], { cwd: root, env });
  if (!template) await applyTestTenants(env, dataDir.dir);

  /** A `next start` (or `next dev`) process on `port` over this stack's database, blobs, mail and env (its log kept across restarts). */
  const serverProcess = (onPort: number) => {
    const url = `http://127.0.0.1:${onPort}`;
    let proc: ChildProcess | null = null;
    let out = "";
    const start = async () => {
      const next = path.join(root, "node_modules/next/dist/bin/next");
      // BENCH_SERVER_NODE_ARGS: Node options (such as --cpu-prof) that NODE_OPTIONS cannot carry, for profiling the server under a bench.
      const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
      const args = [...nodeArgs, next, opts.dev ? "dev" : "start", "-p", String(onPort), "-H", "127.0.0.1"];
      // `next dev` forks the server: in a process group of its own, stopping reaches both.
      const p = spawn(process.execPath, args, {
        cwd: root,
        env: { ...env, PORT: String(onPort) },
        stdio: ["ignore", "pipe", "pipe"],
        detached: opts.dev,
      });
      proc = p;
      p.stdout!.on("data", (d) => (out += d));
      p.stderr!.on("data", (d) => (out += d));
      // The development server compiles the health route on its first request.
      const deadline = Date.now() + (opts.dev ? 300_000 : 60_000);
      while (Date.now() < deadline) {
        if (p.exitCode !== null) throw new Error(`server exited (${p.exitCode}):\n${out}`);
        const ok = await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`server did not become healthy:\n${out}`);
    };
    const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
      const p = proc;
      if (!p || p.exitCode !== null || p.signalCode !== null) return;
      if (opts.dev) return stopGroup(p, signal);
      await new Promise<void>((resolve) => {
        p.once("exit", () => resolve());
        p.kill(signal);
      });
    };
    return { baseUrl: url, start, stop, pid: () => proc?.pid ?? null, log: () => out };
  };
  const server = serverProcess(port);
  const { start: startServer, stop: stopServer } = server;
  /** Further API processes started by extraServer(), stopped with the stack. */
  const extras: Array<ReturnType<typeof serverProcess>> = [];
  const workers: StackWorker[] = [];
  await startServer();

  const tokens = new Map<string, string>();
  const token = async (user: UserName) => {
    if (!tokens.has(user)) tokens.set(user, await fetchClientToken(idp.issuer, users[user].clientId, users[user].clientSecret, AUDIENCE));
    return tokens.get(user)!;
  };
  /** Calls the API of the server at `base`, as `user` (a bearer token) or nobody; the answer is checked against the document (documentedFetch). */
  const apiAt =
    (base: string) =>
    async (user: UserName | null, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) => {
      const h: Record<string, string> = { ...headers };
      if (user) h.authorization = `Bearer ${await token(user)}`;
      if (body !== undefined) h["content-type"] ??= "application/json";
      return documentedFetch(`${base}${p}`, {
        method,
        headers: h,
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    };
  const api = apiAt(baseUrl);

  return {
    kind,
    /** The S3 server holding the blobs, when the stack uses one. */
    s3,
    baseUrl,
    issuer: idp.issuer,
    audience: AUDIENCE,
    smtp,
    env,
    admin,
    token,
    api,
    log: server.log,
    /** Deletes a blob behind the service's back, from whichever store the stack uses. */
    async deleteBlob(key: string) {
      if (s3) await s3.delete(`${STACK_PREFIX}/${key}`);
      else fs.rmSync(path.join(dataDir.dir, "blobs", ...key.split("/")));
    },
    templatesDir,
    serverPid: server.pid,
    startServer,
    stopServer,
    /**
     * Another API process (`next start` on a port of its own) over the same database, blobs, mail and
     * env, as a second replica behind a load balancer would be; PUBLIC_BASE_URL stays the first's.
     * Stopped with the stack; `start` after `stop` starts it again on the same port.
     */
    async extraServer() {
      const extra = serverProcess(await freePort());
      extras.push(extra);
      await extra.start();
      return { ...extra, api: apiAt(extra.baseUrl) };
    },
    /**
     * A worker process (`npm run worker`) over the stack's env, started as that script starts it: node
     * itself, so that a signal reaches the worker (the tsx command in between relays one only if the
     * child acknowledges it within 30 ms, and otherwise kills it). Killed with the stack.
     */
    startWorker(): StackWorker {
      const t0 = Date.now();
      let out = "";
      const proc = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
      const running = new Promise<void>((resolve, reject) => {
        proc.stdout!.on("data", (d) => {
          out += `${((Date.now() - t0) / 1000).toFixed(1)}s ${d}`;
          if (out.includes("[worker] running")) resolve();
        });
        proc.stderr!.on("data", (d) => (out += d));
        proc.once("exit", (code, signal) => reject(new Error(`worker exited (${code ?? signal}):\n${out}`)));
      });
      running.catch(() => {}); // a worker killed on purpose is not an unhandled rejection
      const stop = (signal: NodeJS.Signals = "SIGTERM") =>
        new Promise<void>((resolve) => {
          if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
          proc.once("exit", () => resolve());
          proc.kill(signal);
        });
      const worker = { proc, log: () => out, running: () => running, stop };
      workers.push(worker);
      return worker;
    },
    async stop() {
      await Promise.all([stopServer(), ...extras.map((x) => x.stop()), ...workers.map((w) => w.stop("SIGKILL"))]);
      await idp.close();
      await smtp.close();
      await database?.drop();
      await s3?.close();
      dataDir.remove();
    },
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** A worker process of a stack (stack.startWorker()). */
export interface StackWorker {
  proc: ChildProcess;
  /** What it printed, stdout lines stamped with seconds since its start. */
  log: () => string;
  /** Resolves once it says it runs; rejects if it exits first. */
  running: () => Promise<void>;
  /** Sends the signal (SIGTERM: a graceful stop) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Polls until check() returns a value, or fails after timeoutMs with the last value seen. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    last = await check();
    if (last) return last as T;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
}

/** A batch's documents once every one is rendered (the submitter's view). */
export const renderedDocuments = (stack: Stack, batchId: string | null) =>
  eventually(
    async () => {
      const body = await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents`)).json();
      return (
        body.documents.every((d: { status: string }) => d.status === "rendered") && (body.documents as Array<{ correlationId: string }>)
      );
    },
    60_000,
    "batch rendered",
  );

/**
 * Adds the demo templates (templates/) beside the fixtures: the API's examples (lib/…/api-examples.ts),
 * which the tests send as they are, name them. The demo's approver becomes acme's first approver (the
 * `approver` user), who can then decide in the console and in the portal (reviewerToken's default).
 */
export function addDemoTemplates(stack: Stack): void {
  fs.cpSync(path.join(root, "templates"), stack.templatesDir, { recursive: true });
  const schema = path.join(stack.templatesDir, "workflows/supplier-onboarding.yaml");
  fs.writeFileSync(schema, fs.readFileSync(schema, "utf8").replaceAll("approver@demo.sealpost.local", users.approver.claims.email));
}
