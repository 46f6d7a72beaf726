import { expect } from "vitest";

/** An RFC 9457 answer as the service writes it. */
export interface Problem {
  type?: string;
  title?: string;
  code: string;
  status: number;
  detail: string;
  errors?: Array<{ path: string; message: string }>;
  [k: string]: unknown;
}

/** Reads a problem+json answer; with `status` and `code`, asserts them (and the body's status) too. */
export async function expectProblem(res: Response, status?: number, code?: string): Promise<Problem> {
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  const body = (await res.json()) as Problem;
  if (status !== undefined) {
    expect({ status: res.status, code: body.code }).toEqual({ status, code: code ?? body.code });
    expect(body.status).toBe(status);
  }
  return body;
}

/**
 * What every answer to a generated (hostile) request must be: never a 5xx, and every 4xx a
 * problem+json with a code and its own status (a 405 naming what is allowed). `what` labels failures.
 */
export function expectWellFormedAnswer(res: Response, text: string, what: string): void {
  expect(res.status, what).toBeLessThan(500);
  if (res.status < 400) return;
  expect(res.headers.get("content-type"), what).toContain("application/problem+json");
  const p = JSON.parse(text) as Problem;
  expect(typeof p.code, what).toBe("string");
  expect(p.status, what).toBe(res.status);
  if (res.status === 405) expect(res.headers.get("allow"), what).toBeTruthy();
}
