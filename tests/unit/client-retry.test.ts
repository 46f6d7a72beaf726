import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createSealpostClient, SealpostAuthError, SealpostProblem } from "@/client";

/**
 * The client's retry policy and token renewal against a tiny local server: a token endpoint and one
 * API path whose next answers each test scripts.
 */
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };
let script: Answer[] = [];
let attempts: Array<{ at: number; method: string; authorization?: string }> = [];
let tokensIssued = 0;
let tokenLifetime = 300;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === "/token") {
      tokensIssued++;
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ access_token: `t${tokensIssued}`, token_type: "Bearer", expires_in: tokenLifetime }));
    }
    attempts.push({ at: Date.now(), method: req.method!, authorization: req.headers.authorization });
    req.resume();
    const a = script.length > 1 ? script.shift()! : script[0];
    const problem = a.status >= 400;
    res.writeHead(a.status, { "content-type": problem ? "application/problem+json" : "application/json", ...a.headers });
    res.end(
      JSON.stringify(
        a.body ??
          (problem
            ? { type: "about:blank", title: "Unavailable", status: a.status, code: "service.unavailable", detail: "try later" }
            : { batchId: "b1", state: "completed" }),
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  script = [];
  attempts = [];
  tokensIssued = 0;
  tokenLifetime = 300;
});

const client = (retry = { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 5_000 }) =>
  createSealpostClient({ baseUrl, tokenUrl: `${baseUrl}/token`, clientId: "c", clientSecret: "s", retry });
const getBatch = (c: ReturnType<typeof client>) => c.GET("/api/dispatch/batch/{batchId}", { params: { path: { batchId: "b1" } } });
const render = (c: ReturnType<typeof client>, options?: { correlationId: string }) =>
  c.POST("/api/render", { body: { templatePath: "letter.md", dataSource: [{ a: 1 }], options }, parseAs: "text" });

describe("retries", () => {
  it("waits as long as a 503's Retry-After says, then answers the 200", async () => {
    script = [{ status: 503, headers: { "retry-after": "1" } }, { status: 200 }];
    const { data } = await getBatch(client());
    expect(data).toMatchObject({ batchId: "b1", state: "completed" });
    expect(attempts).toHaveLength(2);
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(950);
  });

  it("gives up after the attempt cap with the last answer's problem", async () => {
    script = [{ status: 503, headers: { "retry-after": "0" } }];
    const err = await getBatch(client()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SealpostProblem);
    expect(err).toMatchObject({ status: 503, code: "service.unavailable", detail: "try later", body: { title: "Unavailable" } });
    expect(attempts).toHaveLength(3);
  });

  it("backs off on a 429 without Retry-After", async () => {
    script = [{ status: 429 }, { status: 429 }, { status: 200 }];
    await getBatch(client());
    expect(attempts).toHaveLength(3);
  });

  it("caps a long Retry-After at maxDelayMs", async () => {
    script = [{ status: 503, headers: { "retry-after": "3600" } }, { status: 200 }];
    await getBatch(client({ maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 100 }));
    expect(attempts[1].at - attempts[0].at).toBeLessThan(1_000);
  });

  it("never repeats a POST without a correlationId, and repeats one with it", async () => {
    script = [
      { status: 503, headers: { "retry-after": "0" } },
      { status: 202, body: "receipt" },
    ];
    await expect(render(client())).rejects.toBeInstanceOf(SealpostProblem);
    expect(attempts).toHaveLength(1);

    attempts = [];
    script = [
      { status: 503, headers: { "retry-after": "0" } },
      { status: 202, body: "receipt" },
    ];
    const { response } = await render(client(), { correlationId: "crm-42" });
    expect(response.status).toBe(202);
    expect(attempts.map((a) => a.method)).toEqual(["POST", "POST"]);
  });
});

describe("tokens", () => {
  it("fetches one token for concurrent calls and reuses it", async () => {
    script = [{ status: 200 }];
    const c = client();
    await Promise.all([getBatch(c), getBatch(c), getBatch(c)]);
    await getBatch(c);
    expect(tokensIssued).toBe(1);
    expect(attempts.every((a) => a.authorization === "Bearer t1")).toBe(true);
  });

  it("fetches a new token before the old one expires", async () => {
    tokenLifetime = 1; // renewed after 0.8 s
    script = [{ status: 200 }];
    const c = client();
    await getBatch(c);
    await new Promise((r) => setTimeout(r, 900));
    await getBatch(c);
    expect(tokensIssued).toBe(2);
    expect(attempts.map((a) => a.authorization)).toEqual(["Bearer t1", "Bearer t2"]);
  });
});

describe("a refused token", () => {
  it("is renewed once on a 401 and the request sent again with the new token", async () => {
    script = [
      { status: 401, body: { type: "about:blank", title: "Token expired", status: 401, code: "auth.token_expired" } },
      { status: 200 },
    ];
    const { data } = await getBatch(client());
    expect(data).toMatchObject({ batchId: "b1" });
    expect(attempts.map((a) => a.authorization)).toEqual(["Bearer t1", "Bearer t2"]);
  });

  it("answers the second 401 as a problem instead of asking for tokens for ever", async () => {
    script = [{ status: 401, body: { type: "about:blank", title: "Invalid token", status: 401, code: "auth.token_invalid" } }];
    await expect(getBatch(client())).rejects.toMatchObject({ status: 401, code: "auth.token_invalid" });
    expect(tokensIssued).toBe(2);
    expect(attempts).toHaveLength(2);
  });
});

describe("a connection that fails", () => {
  // A port that was listening a moment ago and is closed now: the connection is refused.
  const closedPort = async () => {
    const s = http.createServer();
    await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
    const port = (s.address() as AddressInfo).port;
    await new Promise((resolve) => s.close(resolve));
    return port;
  };

  /** A client of a server that refuses connections, counting every fetch it makes (the token's included). */
  const refusedClient = async () => {
    const port = await closedPort();
    const counted = { calls: 0 };
    const c = createSealpostClient({
      baseUrl: `http://127.0.0.1:${port}`,
      tokenUrl: `${baseUrl}/token`,
      clientId: "c",
      clientSecret: "s",
      retry: { maxAttempts: 3, baseDelayMs: 5 },
      fetch: (input, init) => (counted.calls++, fetch(input, init)),
    });
    return { c, counted };
  };

  it("is tried again for a GET, then surfaces fetch's own error", async () => {
    const { c, counted } = await refusedClient();
    await expect(getBatch(c)).rejects.toBeInstanceOf(TypeError);
    expect(counted.calls).toBe(1 + 3); // the token, then three attempts
  });

  it("is not tried again for a POST without a correlationId", async () => {
    const { c, counted } = await refusedClient();
    await expect(render(c)).rejects.toBeInstanceOf(TypeError);
    expect(counted.calls).toBe(2);
  });

  it("to the token endpoint is the client's auth error, naming the provider", async () => {
    const port = await closedPort();
    const c = createSealpostClient({ baseUrl, tokenUrl: `http://127.0.0.1:${port}/token`, clientId: "c", clientSecret: "s" });
    const err = await getBatch(c).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SealpostAuthError);
    expect((err as Error).message).toMatch(new RegExp(`The token endpoint http://127.0.0.1:${port}/token cannot be reached`));
  });
});

describe("waiting", () => {
  it("polls a workflow's status until it reaches one of the states", async () => {
    script = [
      { status: 200, body: { workflowId: "w1", state: "in-progress" } },
      { status: 200, body: { workflowId: "w1", state: "sealing" } },
      { status: 200, body: { workflowId: "w1", state: "complete" } },
    ];
    const status = await client().waitForWorkflow("w1", ["complete", "rejected"], { intervalMs: 10 });
    expect(status.state).toBe("complete");
    expect(attempts).toHaveLength(3);
  });

  it("gives up on a batch at the timeout, naming its last state", async () => {
    script = [{ status: 200, body: { batchId: "b1", state: "processing" } }];
    await expect(client().waitForBatch("b1", ["completed"], { timeoutMs: 100, intervalMs: 20 })).rejects.toThrow(
      /batch b1 is processing, not completed/,
    );
  });
});
