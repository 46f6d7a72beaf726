/**
 * `npm run lint:openapi`: the OpenAPI document GET /api/openapi.json serves (built in-process, so no
 * server is needed) written to a temporary file and linted by Redocly's recommended rules
 * (redocly.yaml) and Spectral's `spectral:oas` ruleset (.spectral.yaml). Either one's error fails it;
 * warnings are printed.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET } from "@/app/api/openapi.json/route";

const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(ROOT, "node_modules/.bin", name);

const res = await GET(new Request("http://localhost/api/openapi.json"));
if (!res.ok) throw new Error(`the OpenAPI document answered ${res.status}`);
const dir = mkdtempSync(path.join(tmpdir(), "sealpost-openapi-"));
const file = path.join(dir, "openapi.json");
writeFileSync(file, await res.text());

const run = (command: string, args: string[]) =>
  spawnSync(command, args, {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  }).status;
const redocly = run(bin("redocly"), ["lint", "--config", path.join(ROOT, "redocly.yaml"), "--format", "stylish", file]);
const spectral = run(bin("spectral"), ["lint", "--ruleset", path.join(ROOT, ".spectral.yaml"), "--fail-severity", "error", file]);
rmSync(dir, { recursive: true, force: true });
process.exit(redocly === 0 && spectral === 0 ? 0 : 1);
