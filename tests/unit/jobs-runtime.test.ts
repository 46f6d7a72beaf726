import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { closeDb, getDb } from "@/lib/db/client";
import { jobs, mailOutbox } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/outbox";
import { defineCatalogue } from "@/lib/jobs/catalogue";
import { defineJobOn } from "@/lib/jobs/define-job";
import { setJobDefinitionsForTests } from "@/lib/jobs/registry";
import { startBackgroundWork } from "@/lib/jobs/runtime";
import { sendEventOn } from "@/lib/jobs/send-event";
import { createTempDataDir, createTestDatabase } from "../support/test-db";

const root = path.resolve(__dirname, "../..");
/**
 * The worker as `npm run worker` starts it: node itself. The tsx command in between would relay
 * SIGTERM only if the child acknowledged it within 30 ms, and otherwise kill it (exit 143).
 */
const worker = ["--import", "tsx", "scripts/worker.ts"];
let ran = 0;
const testEvents = defineCatalogue({ "test/ping": { payload: z.object({}) } });
const ping = defineJobOn(testEvents, { id: "t-ping", event: "test/ping", handler: async () => void ran++ });

async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("background work in one process (PGlite)", () => {
  const data = createTempDataDir();
  beforeAll(async () => {
    delete process.env.DATABASE_URL;
    delete process.env.SMTP_URL;
    delete process.env.INNGEST_EVENT_KEY;
    delete process.env.INNGEST_DEV;
    process.env.DATA_DIR = data.dir;
    process.env.JOB_POLL_MS = "50";
    resetEnvCache();
    await closeDb();
    setJobDefinitionsForTests([ping]);
    // The embedded database boots here (WASM compile and migrations: seconds, tens of seconds on a
    // machine busy with a build), so that the tests' time limits cover only what they test.
    await getDb();
  });
  afterAll(async () => {
    setJobDefinitionsForTests(null);
    await closeDb();
    data.remove();
  });

  it("leaves jobs alone with EMBEDDED_RUNNER=off", async () => {
    process.env.EMBEDDED_RUNNER = "off";
    resetEnvCache();
    const stop = await startBackgroundWork();
    await sendEventOn(testEvents, undefined, { name: "test/ping", data: {} });
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toBe(0);
    await stop();
  });

  it("starts the runner and the mail pump once per process, and stops them", async () => {
    process.env.EMBEDDED_RUNNER = "on";
    resetEnvCache();
    const first = startBackgroundWork();
    expect(startBackgroundWork()).toBe(first);
    const stop = await first;
    await eventually(async () => ran === 1); // the job queued while the runner was off
    const db = await getDb();
    await enqueueMail(db, { dedupeKey: "rt:1", to: "a@example.test", subject: "s", text: "t" });
    await eventually(async () => (await db.select().from(mailOutbox))[0]?.status === "sent");
    await stop();
    expect(startBackgroundWork()).not.toBe(first);
    await (
      await startBackgroundWork()
    )();
    expect((await db.select().from(jobs)).map((j) => j.status)).toEqual(["done"]);
  });
});

describe("npm run worker", () => {
  it("refuses to start without DATABASE_URL, saying why", () => {
    const env = { ...process.env, DATABASE_URL: "" };
    const child = spawnSync(process.execPath, worker, { cwd: root, env, encoding: "utf8", timeout: 60_000 });
    expect(child.status).toBe(1);
    expect(child.stderr).toContain("The worker needs DATABASE_URL");
  });

  it("runs against PostgreSQL and stops gracefully on SIGTERM", async () => {
    const database = await createTestDatabase();
    try {
      const child = spawn(process.execPath, worker, { cwd: root, env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test" } });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      await eventually(async () => out.includes("[worker] running") || child.exitCode !== null, 60_000);
      expect(out).toContain("[worker] running");
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(out).toContain("SIGTERM: finishing running jobs");
    } finally {
      await database.drop();
    }
  });
});
