import fs from "node:fs";
import net from "node:net";

/**
 * Ports are picked below the kernel's ephemeral range (Linux: 32768–60999). The OS takes the local
 * port of every outgoing connection from that range, and every listen on port 0, so a port picked
 * there (the OS's own pick for port 0) can be taken by a database or SMTP connection between the
 * pick and the server's listen (EADDRINUSE). Below
 * the range only other listeners compete, and each pick is checked by listening on it. Where the
 * range cannot be read or starts low, the OS picks.
 */
export const pickRange = ((): { from: number; to: number } | null => {
  try {
    const start = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > 12_000 ? { from: 10_000, to: start } : null;
  } catch {
    return null;
  }
})();

/** Handed out by this process: two picks before the first server listens must differ. */
const handedOut = new Set<number>();

/** Listens on `port` (0: the OS's pick) and closes again: the port bound, or null when it is taken. */
function listenOnce(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(null));
    s.listen(port, "127.0.0.1", () => {
      const bound = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(bound));
    });
  });
}

/** A port free on loopback right now, for a server a test starts next. */
export async function freePort(): Promise<number> {
  if (!pickRange) {
    const port = await listenOnce(0);
    if (port === null) throw new Error("no free port on loopback");
    return port;
  }
  for (let attempt = 0; attempt < 500; attempt++) {
    const port = pickRange.from + Math.floor(Math.random() * (pickRange.to - pickRange.from));
    if (handedOut.has(port)) continue;
    // Reserved before the listen, so that picks running at once never share a port.
    handedOut.add(port);
    if ((await listenOnce(port)) !== null) return port;
    handedOut.delete(port);
  }
  throw new Error(`no free port on loopback between ${pickRange.from} and ${pickRange.to}`);
}
