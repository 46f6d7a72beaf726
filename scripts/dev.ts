/**
 * `npm run dev`: the whole product with embedded defaults. Starts the development identity provider,
 * makes sure the demo tenant exists, then runs `next dev` pointed at that provider.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { closeDb } from "@/lib/db/client";
import { demoClients, demoConsoleClient, demoUsers, startDevIdp } from "@/lib/devidp/provider";
import { env } from "@/lib/env";
import { redactTokens } from "@/lib/http/redact-tokens";
import { addTenant, getTenant } from "@/lib/tenants";
import { stopGroup } from "./process-group";

const IDP_PORT = Number(process.env.DEV_IDP_PORT ?? 9400);
const APP_PORT = Number(process.env.PORT ?? 3000);
const TENANT = "demo";

async function main() {
  process.env.AUTH_ISSUER ??= `http://127.0.0.1:${IDP_PORT}`;
  process.env.PUBLIC_BASE_URL ??= `http://localhost:${APP_PORT}`;
  process.env.PORTAL_TOKEN_SECRET ??= "development-only-portal-secret-change-me";
  // The console signs in at the dev IdP as this web client (published development values).
  const consoleClient = demoConsoleClient(process.env.PUBLIC_BASE_URL);
  process.env.CONSOLE_CLIENT_ID ??= consoleClient.clientId;
  process.env.CONSOLE_CLIENT_SECRET ??= consoleClient.clientSecret;
  process.env.AUTH_SECRET ??= "development-only-console-session-secret-change-me";
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const e = env();
  const clients = demoClients(TENANT);
  const users = demoUsers(TENANT);
  const idp = await startDevIdp({ port: IDP_PORT, audience: e.AUTH_AUDIENCE, clients, users, webClients: [consoleClient] });

  if (!(await getTenant(TENANT))) {
    const approvers = clients.filter((c) => c.clientId.includes("approver")).map((c) => c.claims.email);
    await addTenant({
      id: TENANT,
      name: "Demo Company",
      tier: "enterprise",
      features: ["batchDispatch", "explain", "workflow"],
      approvers,
    });
  }
  await closeDb(); // the app process opens the database next; PGlite allows one process per directory

  console.log(
    `\nSealpost development stack\n  app:      ${e.PUBLIC_BASE_URL}\n  issuer:   ${idp.issuer}\n  mail:     ${e.SMTP_URL ?? `${e.PUBLIC_BASE_URL}/dev/mail (captured)`}\n  tenant:   ${TENANT}\n`,
  );
  console.log("Client-credentials clients (each acts as one demo user):");
  for (const c of clients) console.log(`  ${c.claims.email.padEnd(32)} client_id=${c.clientId} client_secret=${c.clientSecret}`);
  console.log(`\nConsole: ${e.PUBLIC_BASE_URL}/console, signing in on the IdP's login page as:`);
  for (const u of users) console.log(`  username ${u.username.padEnd(32)} password ${u.password}`);
  const sample = clients[0];
  console.log(
    `\nGet a token:\n  curl -s -u ${sample.clientId}:${sample.clientSecret} -d grant_type=client_credentials -d resource=${e.AUTH_AUDIENCE} ${idp.issuer}/token\n`,
  );

  // Its own process group, so that stopping reaches the server process `next dev` forks as well.
  const next = spawn(path.join(process.cwd(), "node_modules/.bin/next"), ["dev", "-p", String(APP_PORT)], {
    stdio: ["inherit", "pipe", "pipe"],
    env: process.env,
    detached: true,
  });
  // Next.js logs every request's URL, link tokens included: each line passes through the redaction first.
  for (const [from, to] of [
    [next.stdout!, process.stdout],
    [next.stderr!, process.stderr],
  ] as const) {
    readline.createInterface({ input: from, crlfDelay: Infinity }).on("line", (line) => to.write(`${redactTokens(line)}\n`));
  }
  let stopping: Promise<never> | undefined;
  const stop = (why: string, code: number) =>
    (stopping ??= (async () => {
      console.log(`\n[dev] ${why}: stopping Next.js and the identity provider`);
      await stopGroup(next);
      await idp.close();
      process.exit(code);
    })());
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(signal, 0));
  // npm does not pass SIGHUP or SIGKILL on to its script: when npm goes, this process is reparented.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void stop("npm exited", 0), 1000).unref();
  next.on("exit", (code) => void stop("Next.js exited", code ?? 0));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
