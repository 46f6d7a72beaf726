import { SealpostAuthError, SealpostProblem } from "../client/index";

/** Exit codes a script can tell apart (docs/cli.md). */
export const EXIT = {
  ok: 0,
  /** The API refused the request (a problem), or the connection failed. */
  failed: 1,
  /** The command line itself is wrong. */
  usage: 2,
  /** The records cannot be sent as they are: unreadable, or records with errors. */
  records: 3,
  /** The spec's thresholds: over the maximum, or a confirmation that was not given. */
  threshold: 4,
  /** Not logged in, or the credentials were refused. */
  auth: 5,
  /** What was waited for ended otherwise: a batch failed in part or was rejected, a wait timed out. */
  outcome: 6,
} as const;

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface Output {
  json: boolean;
  /** What a person reads as it happens: to stderr, so that stdout stays the result. */
  note(line: string): void;
  /** The command's result: one JSON document with --json, else the lines given. */
  result(value: unknown, lines: () => string[]): void;
}

export function output(json: boolean): Output {
  return {
    json,
    note: (line) => process.stderr.write(`${line}\n`),
    result: (value, lines) =>
      process.stdout.write(
        json
          ? `${JSON.stringify(value, null, 2)}\n`
          : lines()
              .map((l) => `${l}\n`)
              .join(""),
      ),
  };
}

/** Any failure as its exit code and words: a problem's code and detail, never a stack trace. */
export function describeFailure(err: unknown): { exitCode: number; message: string; body: Record<string, unknown> } {
  if (err instanceof CliError) return { exitCode: err.exitCode, message: err.message, body: { error: err.message, ...err.details } };
  if (err instanceof SealpostProblem) {
    const exitCode = err.status === 401 ? EXIT.auth : EXIT.failed;
    const fields = Array.isArray(err.body.errors)
      ? (err.body.errors as Array<{ path?: string; message?: string }>).map((e) => `\n  ${e.path ?? ""}: ${e.message ?? ""}`).join("")
      : "";
    return {
      exitCode,
      message: `${err.detail ?? err.message} (${err.code}, HTTP ${err.status})${fields}`,
      body: { error: err.detail ?? err.message, problem: err.body },
    };
  }
  if (err instanceof SealpostAuthError) {
    // Status 0: the provider could not be reached at all, which no other secret would mend.
    const hint = err.status === 0 ? "" : ": check the client id and secret (sealpost login)";
    return { exitCode: EXIT.auth, message: `${err.message}${hint}`, body: { error: err.message } };
  }
  if (err instanceof TypeError && "cause" in err) {
    const cause = (err.cause as { code?: string; message?: string } | undefined) ?? {};
    const message = `Cannot reach the server: ${cause.code ?? cause.message ?? err.message}`;
    return { exitCode: EXIT.failed, message, body: { error: message } };
  }
  const message = err instanceof Error ? err.message : String(err);
  return { exitCode: EXIT.failed, message, body: { error: message } };
}
