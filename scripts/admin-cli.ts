/**
 * Tenant administration: `npm run admin -- tenant apply|add|update|list|show|remove …` (scripts/admin.ts).
 * Exit codes: 0 done, 1 refused (invalid value, unknown or duplicate tenant), 2 bad command line.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { closeDb } from "@/lib/db/client";
import type { Tenant } from "@/lib/db/schema";
import { LOCALES } from "@/lib/i18n/locales";
import { tenantCallbackSecret } from "@/lib/workflow/callback/sign-callback";
import {
  addTenant,
  applyTenants,
  getTenant,
  KNOWN_FEATURES,
  listTenants,
  removeTenant,
  TenantError,
  TIERS,
  updateTenant,
} from "@/lib/tenants";

const USAGE = `Usage: npm run admin -- tenant <command> [options]

  tenant apply   --file <tenants.json|->   adds or updates every tenant of the file, in one go
  tenant add     --id <tid> --name <name> --tier ${TIERS.join("|")} [--features a,b] [--approvers x@co.com,y@co.com] [--default-locale <tag>]
  tenant update  --id <tid> [--name <name>] [--tier <tier>] [--features a,b] [--approvers x@co.com] [--default-locale <tag>]
  tenant list    [--json]
  tenant show    --id <tid> [--json]
  tenant remove  --id <tid>
  tenant callback-secret --id <tid>   prints the tenant's webhook signing secret (whsec_…)

A tenants file is a JSON list of {"id", "name", "tier", "features": [...], "approvers": [...], "defaultLocale": "de"}.
--id must equal the tenant claim of the tenant's tokens. Lists are comma-separated; "" sets an empty list.
Features: ${KNOWN_FEATURES.join(", ")}.
--default-locale is the language of mails and pages to people outside the tenant (participants, signers,
recipients) where neither the person nor the workflow or template names one; "" removes it.
Locales: ${LOCALES.map((l) => l.tag).join(", ")} (a regional tag is read as its language's: de-AT is de).`;

class UsageError extends Error {}

const OPTIONS = {
  id: { type: "string" },
  name: { type: "string" },
  tier: { type: "string" },
  features: { type: "string" },
  approvers: { type: "string" },
  "default-locale": { type: "string" },
  file: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

const COMMANDS: Record<string, { allowed: (keyof Values)[]; required: (keyof Values)[] }> = {
  apply: { allowed: ["file"], required: ["file"] },
  add: { allowed: ["id", "name", "tier", "features", "approvers", "default-locale"], required: ["id", "name", "tier"] },
  update: { allowed: ["id", "name", "tier", "features", "approvers", "default-locale"], required: ["id"] },
  list: { allowed: ["json"], required: [] },
  show: { allowed: ["id", "json"], required: ["id"] },
  remove: { allowed: ["id"], required: ["id"] },
  "callback-secret": { allowed: ["id"], required: ["id"] },
};

const list = (v: string | undefined) =>
  v === undefined
    ? undefined
    : v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);

async function run(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values: v, positionals } = parsed;
  if (v.help) return void console.log(USAGE);
  const [area, command, ...extra] = positionals;
  if (area !== "tenant") throw new UsageError(area ? `Unknown area "${area}"` : "No command given");
  const spec = command ? COMMANDS[command] : undefined;
  if (!spec) throw new UsageError(command ? `Unknown command "tenant ${command}"` : "No tenant command given");
  if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}"`);
  for (const key of Object.keys(v) as (keyof Values)[]) {
    if (!spec.allowed.includes(key)) throw new UsageError(`tenant ${command} does not take --${key}`);
  }
  for (const key of spec.required) {
    if (v[key] === undefined) throw new UsageError(`tenant ${command} needs --${key}`);
  }
  const fields = {
    name: v.name,
    tier: v.tier,
    features: list(v.features),
    approvers: list(v.approvers),
    defaultLocale: optionalTag(v["default-locale"]),
  };

  switch (command) {
    case "apply":
      for (const { id, outcome } of await applyTenants(readTenantFile(v.file!)))
        console.log(`${outcome[0].toUpperCase()}${outcome.slice(1)} tenant ${id}`);
      return;
    case "add":
      return print(await addTenant({ ...fields, id: v.id!, name: v.name!, tier: v.tier! }), "Added");
    case "update":
      return print(await updateTenant(v.id!, fields), "Updated");
    case "show": {
      const t = await getTenant(v.id!);
      if (!t) throw new TenantError("tenant.not_found", `Tenant ${v.id} does not exist`);
      return v.json ? console.log(JSON.stringify(t, null, 2)) : print(t);
    }
    case "callback-secret": {
      if (!(await getTenant(v.id!))) throw new TenantError("tenant.not_found", `Tenant ${v.id} does not exist`);
      return console.log(tenantCallbackSecret(v.id!));
    }
    case "remove":
      await removeTenant(v.id!);
      return console.log(`Removed tenant ${v.id}`);
    case "list":
      return printList(await listTenants(), v.json ?? false);
  }
}

/** A tag as typed: "" (or blanks) is none, so that `--default-locale ""` removes a default. */
const optionalTag = (v: string | undefined) => (v === undefined ? undefined : v.trim() || null);

/** The tenants file (`-`: standard input), parsed; a file that cannot be read or parsed is refused as a bad value. */
function readTenantFile(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (err) {
    throw new TenantError("tenant.invalid", `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new TenantError("tenant.invalid", `${file} is not JSON: ${(err as Error).message}`);
  }
}

function print(t: Tenant, verb?: string): void {
  if (verb) console.log(`${verb} tenant ${t.id}`);
  console.log(`  id:        ${t.id}\n  name:      ${t.name}\n  tier:      ${t.tier}`);
  console.log(`  features:  ${t.features.join(", ") || "(none)"}\n  approvers: ${t.approvers.join(", ") || "(none)"}`);
  console.log(`  locale:    ${t.defaultLocale ?? "(none)"}`);
}

function printList(tenants: Tenant[], json: boolean): void {
  if (json) return console.log(JSON.stringify(tenants, null, 2));
  if (tenants.length === 0) return console.log("No tenants registered. Add one with: npm run admin -- tenant add --help");
  const rows = [
    ["ID", "NAME", "TIER", "FEATURES", "APPROVERS", "LOCALE"],
    ...tenants.map((t) => [t.id, t.name, t.tier, t.features.join(",") || "-", t.approvers.join(",") || "-", t.defaultLocale ?? "-"]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows)
    console.log(
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    );
}

/** Runs one admin command line; resolves to its exit code (messages go to stdout and stderr). */
export async function runAdmin(argv: string[]): Promise<number> {
  try {
    await run(argv);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(err instanceof TenantError ? err.message : `Error: ${(err as Error).message ?? err}`);
    return 1;
  } finally {
    // PGlite holds a lock on DATA_DIR until closed; the app cannot open the database while we hold it.
    await closeDb();
  }
}
