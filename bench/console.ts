/**
 * Console section of `npm run bench` (issue 9), also run alone with BENCH_ONLY=console: server time of
 * the console's batch list with 1,000 batches of the tenant, and of the page of a batch of 10,000
 * records (its first page of records and page 150), each beside a reference measured in the same run
 * on the same server: the API's list (GET /api/dispatch/batch?limit=25) and the API's detail of the
 * same batch (GET /api/dispatch/batch/{id}). Batches are written straight into PostgreSQL with
 * multi-row inserts (no rendering); then 300 two-stage workflows waiting for the approver are created
 * through the API, for the workflow list's "Waiting for you" (every pending approval of the tenant
 * asked of the approver rule) and a workflow page, beside the API's list and status. A person signs
 * in through the IdP's login page in Chromium and the session's cookie is sent with every timed
 * request, one at a time, interleaved with its reference. Time is to the last byte of the answer.
 */
import { randomBytes } from "node:crypto";
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import pLimit from "p-limit";
import postgres from "postgres";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import * as schema from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import { launchChromium } from "../tests/support/browser";
import { logins, startStack, type Stack } from "../tests/support/stack";
import { timedGet as timed } from "./measure";
import { line } from "./workflow";

const BATCHES = 1000;
const BIG = 10_000;
const WORKFLOWS = 300;
const RUNS = Number(process.env.BENCH_CONSOLE_RUNS || 40);
const WARM = 5;

type Db = PostgresJsDatabase<typeof schema>;

/** Rows in chunks, one INSERT per chunk (PostgreSQL takes at most 65,535 parameters per statement). */
async function insertAll<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

const batchRow = (i: number, at: Date, over: Partial<typeof schema.batches.$inferInsert> = {}): typeof schema.batches.$inferInsert => ({
  id: newId(),
  tenantId: "acme",
  correlationId: `bench-console-${i}-${newId()}`,
  state: ["completed", "completed", "completed", "pending-approval", "rejected", "partially-failed"][i % 6],
  readiness: "READY",
  title: `Bench batch ${i}`,
  templatePath: "letter.md",
  documentCount: 60,
  readyCount: 60,
  warningCount: 0,
  processedCount: 60,
  submittedBy: "submitter@acme.test",
  approvers: ["approver@acme.test", "second@acme.test"],
  validationResults: [],
  distribution: resolveDistribution(undefined, { deliveryConfig: { mode: "secure-email" } }),
  options: { submitterEmail: "submitter@acme.test", submitterSubject: "submitter" },
  activityItemId: newId(),
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** 1,000 batches of the tenant (one of them of 10,000 rendered records with a delivery session each, 1,000 with warnings). */
async function seed(db: Db): Promise<string> {
  const t0 = Date.now() - BATCHES * 60_000;
  await insertAll(
    Array.from({ length: BATCHES - 1 }, (_, i) => batchRow(i, new Date(t0 + i * 60_000))),
    500,
    (chunk) => db.insert(schema.batches).values(chunk),
  );
  const warnings = Array.from({ length: BIG / 10 }, (_, k) => ({
    index: k * 10,
    status: "warning" as const,
    outcome: "DISPATCH_READY" as const,
    messages: [`amount: ${k} is above the usual range`],
  }));
  const big = batchRow(BATCHES, new Date(t0 + BATCHES * 60_000), {
    title: "Bench batch of 10,000 records",
    state: "completed",
    documentCount: BIG,
    readyCount: BIG,
    warningCount: warnings.length,
    processedCount: BIG,
    validationResults: warnings,
  });
  await db.insert(schema.batches).values(big);
  const renderedAt = new Date();
  const records = Array.from({ length: BIG }, (_, i) => ({
    batchId: big.id,
    recordIndex: i,
    tenantId: "acme",
    data: { customerId: `C${100_000 + i}`, name: `Customer ${i}`, amount: 10 + (i % 900), recipientEmail: `customer${i}@example.test` },
    correlationId: newId(),
    fileName: `letter-C${100_000 + i}-${i + 1}.pdf`,
    status: "rendered" as const,
    blobKey: `batches/${big.id}/${i}.pdf`,
    byteSize: 18_000,
    renderedAt,
  }));
  await insertAll(records, 1000, (chunk) => db.insert(schema.batchRecords).values(chunk));
  const sessions = records.map((r) => ({
    id: newId(),
    tenantId: "acme",
    batchId: big.id,
    recordIndex: r.recordIndex,
    recordCorrelationId: r.correlationId,
    recipientEmail: r.data.recipientEmail,
    tokenHash: randomBytes(32).toString("hex"),
    expiresAt: new Date(Date.now() + 168 * 3_600_000),
  }));
  await insertAll(sessions, 1000, (chunk) => db.insert(schema.deliverySessions).values(chunk));
  const opened = sessions.filter((_, i) => i % 5 === 0).map((s) => ({ sessionId: s.id, tenantId: "acme", kind: "access" as const }));
  await insertAll(opened, 1000, (chunk) => db.insert(schema.deliveryEvents).values(chunk));
  return big.id;
}

/** Workflows waiting for the approver's stage 1, created as a client would (data given at creation, so no portal work). */
async function seedWorkflows(stack: Stack): Promise<string[]> {
  const limit = pLimit(4);
  return Promise.all(
    Array.from({ length: WORKFLOWS }, (_, i) =>
      limit(async () => {
        const res = await stack.api("submitter", "POST", "/api/workflow", {
          templatePath: "workflow/leave-request.md",
          correlationId: `bench-console-wf-${i}`,
          templateSettings: { workflow: { recipients: [{ email: `employee${i}@example.test` }], autoValidateOnCreate: true } },
          initialData: {
            fullName: `Employee ${i}`,
            employeeId: `E${String(1000 + i).padStart(4, "0")}`,
            leaveType: "annual",
            startDate: "2027-05-03",
            endDate: "2027-05-07",
            days: 5,
            confirmed: true,
          },
        });
        const body = (await res.json()) as { workflowId: string; state: string };
        if (res.status !== 201 || body.state !== "pending-approval")
          throw new Error(`workflow create: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
        return body.workflowId;
      }),
    ),
  );
}

/** The console's session cookie of the approver, signed in through the IdP's login page. */
async function signedInCookie(stack: Stack): Promise<string> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/console/batches`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.href.startsWith(`${stack.issuer}/interaction/`));
    await page.getByLabel("Username").fill(logins.approver.username);
    await page.getByLabel("Password").fill(logins.approver.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${stack.baseUrl}/console/batches`);
    return (await context.cookies(stack.baseUrl)).map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await browser.close();
  }
}

/** Pushes its figures to `lines`. */
export async function consoleBench(lines: string[]): Promise<void> {
  const stack = await startStack({ db: "postgres", env: { JOB_POLL_MS: "250", JOB_LEASE_MS: "60000" } });
  const db = drizzle(postgres(stack.env.DATABASE_URL!, { max: 2, onnotice: () => {} }), { schema });
  try {
    const t0 = performance.now();
    const bigId = await seed(db);
    lines.push(
      `console bench: ${BATCHES.toLocaleString("en-GB")} batches and a batch of ${BIG.toLocaleString("en-GB")} records written in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${RUNS} requests each, one at a time, interleaved with the reference`,
    );
    const t1 = performance.now();
    const workflowIds = await seedWorkflows(stack);
    lines.push(
      `${WORKFLOWS} workflows waiting for the approver created through the API in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
    const wf = workflowIds[WORKFLOWS >> 1];
    const session = { cookie: await signedInCookie(stack) };
    const bearer = { authorization: `Bearer ${await stack.token("approver")}` };
    const pairs = {
      list: [
        () => timed(`${stack.baseUrl}/console/batches`, session, "Bench batch"),
        () => timed(`${stack.baseUrl}/api/dispatch/batch?limit=25`, bearer, '"batches"'),
      ],
      page: [
        () => timed(`${stack.baseUrl}/console/batches/${bigId}`, session, "Bench batch of 10,000 records"),
        () => timed(`${stack.baseUrl}/api/dispatch/batch/${bigId}`, bearer, '"validationResults"'),
      ],
      deep: [
        () => timed(`${stack.baseUrl}/console/batches/${bigId}?page=150`, session, "letter-C107450"),
        () => timed(`${stack.baseUrl}/api/dispatch/batch/${bigId}`, bearer, '"validationResults"'),
      ],
      waiting: [
        () => timed(`${stack.baseUrl}/console/workflows?view=waiting`, session, "Leave request"),
        () => timed(`${stack.baseUrl}/api/workflow?limit=25`, bearer, '"workflows"'),
      ],
      workflow: [
        () => timed(`${stack.baseUrl}/console/workflows/${wf}`, session, "Rule results"),
        () => timed(`${stack.baseUrl}/api/workflow/${wf}/status`, bearer, '"currentApprovalStage"'),
      ],
    } as const;
    const got = Object.fromEntries(Object.keys(pairs).map((k) => [k, { page: [] as number[], ref: [] as number[] }])) as Record<
      keyof typeof pairs,
      { page: number[]; ref: number[] }
    >;
    for (let r = 0; r < WARM + RUNS; r++) {
      for (const [k, [page, ref]] of Object.entries(pairs) as Array<
        [keyof typeof pairs, readonly [() => Promise<number>, () => Promise<number>]]
      >) {
        const [a, b] = [await page(), await ref()];
        if (r < WARM) continue;
        got[k].page.push(a);
        got[k].ref.push(b);
      }
    }
    lines.push(
      line(
        `console batch list, ${BATCHES.toLocaleString("en-GB")} batches (page 1 of 25 and the counts per state)`,
        got.list.page,
        "API GET /api/dispatch/batch?limit=25",
        got.list.ref,
        { p99: 300 },
      ),
      line(
        `console batch page, ${BIG.toLocaleString("en-GB")} records (records 1–50 with delivery)`,
        got.page.page,
        "API GET /api/dispatch/batch/{id} of the same batch",
        got.page.ref,
        { p99: 300 },
      ),
      line(
        `console batch page, ${BIG.toLocaleString("en-GB")} records, page 150 of the records`,
        got.deep.page,
        "API GET /api/dispatch/batch/{id}",
        got.deep.ref,
        { p99: 300 },
      ),
      line(
        `console workflows "Waiting for you", ${WORKFLOWS} pending approvals of the approver`,
        got.waiting.page,
        "API GET /api/workflow?limit=25",
        got.waiting.ref,
      ),
      line(
        `console workflow page (data, rules, stages, history, activity)`,
        got.workflow.page,
        "API GET /api/workflow/{id}/status",
        got.workflow.ref,
      ),
    );
  } finally {
    await (db.$client as postgres.Sql).end({ timeout: 5 });
    await stack.stop();
  }
}
