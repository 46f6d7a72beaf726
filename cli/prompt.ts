import { createInterface } from "node:readline/promises";

/** Whether a person is there to answer: stdin and stderr are terminals. */
export const interactive = () => Boolean(process.stdin.isTTY && process.stderr.isTTY);

/** Asks a yes/no question on the terminal; only "y" or "yes" is a yes. */
export async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}

/** Reads a secret from the terminal without echoing it. */
export async function askSecret(question: string): Promise<string> {
  const stdin = process.stdin;
  // Echo off before the question shows: a secret pasted the moment it appears would otherwise be
  // echoed, as the terminal applies the change only once the question has been read from it.
  stdin.setRawMode?.(true);
  process.stderr.write(question);
  stdin.resume();
  let secret = "";
  try {
    for await (const chunk of stdin) {
      for (const ch of String(chunk)) {
        if (ch === "\r" || ch === "\n") return secret;
        if (ch === "\u0003") throw new Error("Cancelled");
        if (ch === "\u007f" || ch === "\b") secret = secret.slice(0, -1);
        else secret += ch;
      }
    }
    return secret;
  } finally {
    stdin.setRawMode?.(false);
    stdin.pause();
    process.stderr.write("\n");
  }
}

/** All of stdin's bytes (a records file given as "-"). */
export async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** All of stdin as text, without its final line break: for --client-secret-stdin. */
export const readStdinText = async (): Promise<string> =>
  Buffer.from(await readStdin())
    .toString("utf8")
    .replace(/\r?\n$/, "");
