import { spawn } from "node:child_process";

/**
 * A command run in a real pseudo-terminal (util-linux `script`), as a person runs it: stdin, stdout
 * and stderr are a terminal, so prompts are asked, a progress bar is drawn, and what is typed is
 * echoed by the terminal, not by the program. Each of `answers` is typed once its prompt has appeared;
 * one whose prompt never appears is not typed.
 */
export function runInTerminal(
  argv: string[],
  o: { cwd: string; env: NodeJS.ProcessEnv; answers?: Array<{ after: string; type: string }>; timeoutMs?: number },
): Promise<{ code: number | null; raw: string; screen: string[]; timedOut: boolean }> {
  const quoted = argv.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ");
  const child = spawn("script", ["-qfec", quoted, "/dev/null"], {
    cwd: o.cwd,
    env: { TERM: "xterm-256color", ...o.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const pending = [...(o.answers ?? [])];
  let raw = "";
  child.stdout.on("data", (d: Buffer) => {
    raw += d.toString("utf8");
    // Typed only once the prompt is on the screen, as a person would: earlier it would be echoed before the program turns echo off.
    for (const answer of pending.filter((a) => raw.includes(a.after))) {
      pending.splice(pending.indexOf(answer), 1);
      child.stdin.write(`${answer.type}\r`);
    }
  });
  child.stderr.on("data", (d: Buffer) => (raw += d.toString("utf8")));
  // A command that hangs (a prompt never answered) ends with what it showed so far, for the failure to print.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGTERM");
  }, o.timeoutMs ?? 120_000);
  return new Promise((resolve) =>
    child.on("close", (code) => {
      clearTimeout(timer);
      child.stdin.end();
      resolve({ code, raw, screen: screenLines(raw), timedOut });
    }),
  );
}

/**
 * What a terminal shows after `raw` was written to it, line by line, trailing spaces dropped: carriage
 * returns, backspaces, cursor movement within and between lines, erasing, saved and restored cursor
 * positions; colours and modes (hidden cursor, line wrapping) change nothing of the text.
 */
export function screenLines(raw: string): string[] {
  const lines: string[][] = [[]];
  let row = 0;
  let col = 0;
  let saved = { row: 0, col: 0 };
  const line = () => (lines[row] ??= []);
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === "\x1b" && raw[i + 1] === "7") {
      saved = { row, col };
      i++;
    } else if (ch === "\x1b" && raw[i + 1] === "8") {
      ({ row, col } = saved);
      i++;
    } else if (ch === "\x1b" && raw[i + 1] === "[") {
      const m = /^\[([?0-9;]*)([A-Za-z@])/.exec(raw.slice(i + 1));
      if (!m) continue;
      i += m[0].length;
      // Private modes (?25l, ?7l) show or hide things but move nothing.
      if (m[1].startsWith("?")) continue;
      const n = Number(m[1].split(";")[0] || 0);
      const steps = Math.max(n, 1);
      const cur = line();
      switch (m[2]) {
        case "G":
          col = steps - 1;
          break;
        case "C":
          col += steps;
          break;
        case "D":
          col = Math.max(col - steps, 0);
          break;
        case "A":
          row = Math.max(row - steps, 0);
          break;
        case "B":
          row += steps;
          break;
        case "K":
          if (n === 0) cur.length = Math.min(cur.length, col);
          else if (n === 1) cur.fill(" ", 0, col);
          else cur.length = 0;
          break;
        case "J":
          if (n === 0) {
            cur.length = Math.min(cur.length, col);
            lines.length = row + 1;
          }
          break;
      }
    } else if (ch === "\r") col = 0;
    else if (ch === "\n") {
      row += 1;
      line();
    } else if (ch === "\b") col = Math.max(col - 1, 0);
    else if (ch >= " " || ch === "\t") {
      const cur = line();
      while (cur.length < col) cur.push(" ");
      cur[col++] = ch;
    }
  }
  for (let r = 0; r < lines.length; r++) lines[r] ??= [];
  const text = lines.map((l) => l.join("").trimEnd());
  while (text.length && text.at(-1) === "") text.pop();
  return text;
}
