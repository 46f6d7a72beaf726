import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Debian keeps the server binaries out of PATH, one folder per major version; the newest is used. */
function binDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin/initdb"))) : [];
  if (!versions.length) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)");
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

/**
 * A PostgreSQL server of the test's own (initdb, pg_ctl), on a free port, which the test may stop and
 * restart: the machine's shared server must never be. The server refuses to run as root, so as root
 * its commands run as the postgres user.
 */
export async function startPgCluster(port: number) {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-pg-"));
  const data = path.join(dir, "data");
  if (asRoot) fs.chownSync(dir, ...postgresIds());
  const pg = (tool: string, ...args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  await pg("initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync");
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off`;
  const ctl = (...args: string[]) => pg("pg_ctl", "-D", data, "-l", path.join(dir, "log"), "-w", "-t", "60", ...args);
  await ctl("-o", opts, "start");
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** `pg_ctl restart -m fast`: every session is cut, the server comes back on the same port. */
    restart: () => ctl("-m", "fast", "-o", opts, "restart"),
    /** `pg_ctl stop -m fast`: the server is away (connections refused) until resume(). */
    pause: () => ctl("-m", "fast", "stop"),
    resume: () => ctl("-o", opts, "start"),
    async stop() {
      await ctl("-m", "immediate", "stop").catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresIds(): [number, number] {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postgres:"));
  if (!line) throw new Error("no postgres user on this machine");
  const [, , uid, gid] = line.split(":");
  return [Number(uid), Number(gid)];
}
