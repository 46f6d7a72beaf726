import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { createTempDataDir, createTestDatabase } from "./test-db";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));

/** The tenants of every stack, written with one `tenant apply`. */
const TENANTS = [
  {
    id: "acme",
    name: "Acme",
    tier: "premium",
    features: ["batchDispatch", "explain", "workflow"],
    approvers: ["approver@acme.test", "second@acme.test"],
  },
  { id: "globex", name: "Globex", tier: "standard", features: ["batchDispatch", "workflow"], approvers: ["boss@globex.test"] },
  { id: "initech", name: "Initech", tier: "standard", features: [], approvers: ["boss@initech.test"] },
];

/** Where the run's migrated database with the test tenants is, for stacks to copy (set by the integration projects' globalSetup). */
const TEMPLATE_PG = "SEALPOST_STACK_TEMPLATE_PG";
const TEMPLATE_PGLITE = "SEALPOST_STACK_TEMPLATE_PGLITE";

/** The test tenants written into the database of `env` (DATABASE_URL, else DATA_DIR's PGlite) as an operator would: `npm run admin -- tenant apply`. */
export async function applyTestTenants(env: NodeJS.ProcessEnv, dataDir: string): Promise<void> {
  const file = path.join(dataDir, "tenants.json");
  fs.writeFileSync(file, JSON.stringify(TENANTS));
  await run("npx", ["tsx", "scripts/admin.ts", "tenant", "apply", "--file", file], { cwd: root, env });
}

/**
 * The run's template for a stack's database of `kind`, when the project made one and the stack uses the
 * machine's server: a PostgreSQL database to create the stack's from, or a PGlite data folder to copy.
 */
export function stackTemplate(kind: "postgres" | "pglite", pgAdminUrl?: string): string | null {
  if (kind === "pglite") return process.env[TEMPLATE_PGLITE] ?? null;
  return pgAdminUrl ? null : (process.env[TEMPLATE_PG] ?? null);
}

/**
 * globalSetup of the integration projects. Every stack used to migrate a new database and write the
 * tenants with a CLI process of its own (a tsx start and every migration, for each of some
 * forty stacks a run); now the run does it once and each stack copies the result:
 * `create database … template …` on PostgreSQL, a folder copy on PGlite. Stacks on another server
 * (a test's own cluster) and stacks outside Vitest (the benchmarks) still do it themselves.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  const kind = project.config.env?.TEST_DB === "pglite" ? "pglite" : "postgres";
  const variable = kind === "pglite" ? TEMPLATE_PGLITE : TEMPLATE_PG;
  // integration and integration-s3 both run on PostgreSQL: the first to start makes the template for both.
  if (process.env[variable]) return;
  const work = createTempDataDir();
  // The CLI asks production for the secrets of a server; writing tenants needs none of them.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: work.dir, NODE_ENV: "development" };
  if (kind === "pglite") {
    delete env.DATABASE_URL;
    await applyTestTenants(env, work.dir);
    fs.rmSync(path.join(work.dir, "tenants.json"));
    process.env[variable] = work.dir;
    return async () => {
      delete process.env[variable];
      work.remove();
    };
  }
  const database = await createTestDatabase();
  env.DATABASE_URL = database.url;
  await applyTestTenants(env, work.dir);
  work.remove();
  process.env[variable] = new URL(database.url).pathname.slice(1);
  return async () => {
    delete process.env[variable];
    await database.drop();
  };
}
