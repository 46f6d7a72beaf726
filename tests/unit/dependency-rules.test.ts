import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `npm run check:deps` guards the import rules; these tests show its rules catch what they name,
// on a throw-away tree, so that a config change cannot quietly turn the check into a no-op.
const repo = path.resolve(__dirname, "../..");
const bin = path.join(repo, "node_modules/.bin/depcruise");
const dirs: string[] = [];

function cruise(files: Record<string, string>): { status: number | null; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-deps-"));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler" } }));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  const roots = [...new Set(Object.keys(files).map((f) => f.split("/")[0]))];
  const r = spawnSync(bin, [...roots, "--config", path.join(repo, ".dependency-cruiser.cjs"), "--output-type", "err"], {
    cwd: dir,
    encoding: "utf8",
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe("import rules", () => {
  it("fail on a cycle, even one made only of type imports", () => {
    const r = cruise({
      "lib/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "lib/b.ts": 'import type { a } from "./a";\nexport const b = 1;\nexport type A = typeof a;\n',
    });
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/no-circular: lib\/a\.ts/);
  });

  it("fail when domain code imports the edge (app/, inngest/, scripts/, components/)", () => {
    const r = cruise({
      "lib/send.ts": 'import { registry } from "../inngest/registry";\nexport const send = registry;\n',
      "inngest/registry.ts": "export const registry = 1;\n",
    });
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/lib-stays-below-the-edge: lib\/send\.ts → inngest\/registry\.ts/);
  });

  it("fail when domain code imports the jobs or their runner instead of sending an event", () => {
    const r = cruise({
      "lib/batch/start.ts": 'import { jobDefinitions } from "../jobs/registry";\nexport const start = jobDefinitions;\n',
      "lib/jobs/registry.ts": "export const jobDefinitions = 1;\n",
      "lib/jobs/send-event.ts": "export const sendEvent = 1;\n",
      "lib/batch/submit.ts": 'import { sendEvent } from "../jobs/send-event";\nexport const submit = sendEvent;\n',
    });
    expect(r.status).not.toBe(0);
    expect(r.out).toMatch(/domain-sends-events: lib\/batch\/start\.ts → lib\/jobs\/registry\.ts/);
    expect(r.out).not.toMatch(/lib\/batch\/submit\.ts/);
  });

  it("pass on a tree whose imports point one way", () => {
    const r = cruise({
      "lib/a.ts": "export const a = 1;\n",
      "app/page.ts": 'import { a } from "../lib/a";\nexport const page = a;\n',
    });
    expect(r.out).toMatch(/no dependency violations/);
    expect(r.status).toBe(0);
  });
});
