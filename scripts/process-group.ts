import type { ChildProcess } from "node:child_process";

const STOP_GRACE_MS = 5000;

/**
 * Stops a child started with `detached: true` (a process group of its own) and everything it forked:
 * `signal` to the whole group, then SIGKILL to what is left after a grace period.
 */
export async function stopGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  const signalGroup = (s: NodeJS.Signals | 0) => {
    try {
      process.kill(-child.pid!, s);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  if (!signalGroup(signal)) return;
  for (let waited = 0; waited < STOP_GRACE_MS; waited += 100) {
    await new Promise((r) => setTimeout(r, 100));
    if (!signalGroup(0)) return; // signal 0 only asks whether the group still exists
  }
  signalGroup("SIGKILL");
}
