import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort, pickRange } from "../support/free-port";

const listenable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once("error", () => resolve(false));
    s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
  });

describe("freePort", () => {
  // 500 picks one after the other, as a file's stacks ask: each port is free again when the next is
  // picked, so without the record of what was handed out two would share a port (a birthday
  // collision in a range of about 22,000 is then all but certain).
  it.skipIf(!pickRange)("picks free ports below the ephemeral range, never the same one twice", async () => {
    const ports: number[] = [];
    for (let i = 0; i < 500; i++) ports.push(await freePort());
    expect(new Set(ports).size).toBe(ports.length);
    expect(ports.filter((p) => p < pickRange!.from || p >= pickRange!.to)).toEqual([]);
    expect(await Promise.all(ports.slice(0, 20).map(listenable))).toEqual(Array(20).fill(true));
  });
});
