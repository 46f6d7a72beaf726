import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock } from "@/lib/db/pglite-lock";
import { createTempDataDir } from "../support/test-db";

const dirs: Array<{ remove: () => void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

describe("PGlite data-directory lock", () => {
  it("refuses a second process on the same DATA_DIR with a message naming the holder", () => {
    const d = createTempDataDir();
    dirs.push(d);
    const release = acquireDataDirLock(d.dir);
    const child = spawnSync("node_modules/.bin/tsx", ["tests/support/take-lock.ts", d.dir], { encoding: "utf8" });
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain(`in use by process ${process.pid}`);
    release();
    expect(fs.existsSync(path.join(d.dir, "pglite.lock"))).toBe(false);
  });

  it("takes over a lock left by a process that died", () => {
    const d = createTempDataDir();
    dirs.push(d);
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    fs.writeFileSync(path.join(d.dir, "pglite.lock"), dead.stdout);
    const release = acquireDataDirLock(d.dir);
    expect(fs.readFileSync(path.join(d.dir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    release();
  });
});
