import fs from "node:fs";
import path from "node:path";

/**
 * PGlite keeps no lock of its own: a second instance on the same directory silently loses the
 * first one's writes. We hold a pid file for the life of the process and refuse to share it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      const release = () => {
        // A process that opens and closes the database many times (tests, the admin CLI run in
        // process) must not collect one exit listener per open.
        process.off("exit", release);
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (holder === process.pid) return () => {};
      if (holder && isAlive(holder)) {
        throw new Error(
          `DATA_DIR ${path.resolve(dataDir)} is in use by process ${holder}. PGlite allows one process per ` +
            `directory: stop that process, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.`,
        );
      }
      fs.unlinkSync(lockPath); // the holder died without releasing it
    }
  }
  throw new Error(`Could not take the lock on ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
