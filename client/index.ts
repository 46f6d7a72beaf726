/**
 * `sealpost/client`: a typed client for integrators. Paths, parameters, bodies and answers come from
 * the generated `./schema` (npm run client:types); calls go through openapi-fetch. This file imports
 * nothing else of the repository, so that it can be copied or published alone.
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./schema";

export type { components, operations, paths };
export { blockedMessage, DEFAULT_THRESHOLDS, sendDecision, thresholdsFromEnv, type SendDecision, type SendThresholds } from "./thresholds";

type Json<Op extends keyof operations, Status extends number> =
  operations[Op]["responses"] extends Record<Status, { content: { "application/json": infer T } }> ? T : never;
export type BatchDetail = Json<"getDispatchBatchByBatchId", 200>;
export type BatchState = BatchDetail["state"];
export type BatchCheck = Json<"postDispatchBatchCheck", 200>;
export type WorkflowStatus = Json<"getWorkflowByWorkflowIdStatus", 200>;
export type WorkflowState = WorkflowStatus["state"];

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). */
  maxAttempts?: number;
  /** The first backoff; it doubles per attempt (default 500 ms). */
  baseDelayMs?: number;
  /** No wait is longer, Retry-After included (default 30 s). */
  maxDelayMs?: number;
}

export interface SealpostClientOptions {
  /** Sealpost's origin, e.g. `https://sealpost.example.com`. */
  baseUrl: string;
  /** The OpenID provider; its token endpoint is found by discovery. Give this or `tokenUrl`. */
  issuer?: string;
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The API's audience, sent as an RFC 8707 `resource` in the token request. */
  audience?: string;
  fetch?: typeof fetch;
  retry?: RetryOptions;
}

/** An `application/problem+json` answer (RFC 9457): `code` is Sealpost's stable problem code. */
export class SealpostProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string | undefined;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    const code = typeof body.code === "string" ? body.code : "unknown";
    const detail = typeof body.detail === "string" ? body.detail : undefined;
    super(`${status} ${code}${detail ? `: ${detail}` : ""}`);
    this.name = "SealpostProblem";
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.body = body;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After as seconds or an HTTP date (RFC 9110 §10.2.3), in milliseconds; undefined when absent or unreadable. */
function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Whether a failed attempt may be sent again. A POST is retried only when its body names a
 * `correlationId` (top level, or render's `options.correlationId`): the server then answers a repeat
 * with the first one's result instead of doing the work twice.
 */
async function isRepeatable(req: Request): Promise<boolean> {
  if (req.method !== "POST" && req.method !== "PATCH") return true;
  if (!(req.headers.get("content-type") ?? "").includes("json")) return false;
  try {
    const body = JSON.parse(await req.clone().text()) as { correlationId?: unknown; options?: { correlationId?: unknown } };
    return Boolean(body?.correlationId || body?.options?.correlationId);
  } catch {
    return false;
  }
}

/** Client-credentials tokens, fetched on first use and renewed shortly before they expire, or at once when the API refuses one. */
function tokenSource(opts: SealpostClientOptions, fetchImpl: typeof fetch) {
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;
  let endpoint = opts.tokenUrl;

  /** A connection to the OpenID provider that fails is an auth failure naming it, not a failure of Sealpost. */
  const reach = (what: string, url: string, init?: RequestInit) =>
    fetchImpl(url, init).catch((err: unknown) => {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message;
      throw new SealpostAuthError(`The ${what} ${url} cannot be reached (${cause})`, 0);
    });

  async function fetchToken(): Promise<string> {
    if (!endpoint) {
      if (!opts.issuer) throw new Error("createSealpostClient needs an issuer or a tokenUrl");
      const res = await reach("OpenID provider", `${opts.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`);
      if (!res.ok) throw new Error(`OIDC discovery at ${opts.issuer} answered ${res.status}`);
      endpoint = ((await res.json()) as { token_endpoint?: string }).token_endpoint;
      if (!endpoint) throw new Error(`OIDC discovery at ${opts.issuer} names no token_endpoint`);
    }
    const body = new URLSearchParams({ grant_type: "client_credentials" });
    if (opts.audience) body.set("resource", opts.audience);
    // RFC 6749 §2.3.1: id and secret are form-encoded before they are joined.
    const form = (s: string) => encodeURIComponent(s).replace(/%20/g, "+");
    const res = await reach("token endpoint", endpoint, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa(`${form(opts.clientId)}:${form(opts.clientSecret)}`)}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body,
    });
    const json = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !json.access_token)
      throw new SealpostAuthError(`The token request for ${opts.clientId} answered ${res.status} ${json.error ?? ""}`.trim(), res.status);
    const lifetimeMs = (json.expires_in ?? 300) * 1000;
    // Renew a little early (a fifth of the lifetime, at most a minute) so a request never leaves with a token about to lapse.
    cached = { token: json.access_token, renewAt: Date.now() + lifetimeMs - Math.min(60_000, lifetimeMs / 5) };
    return json.access_token;
  }

  return {
    token(): Promise<string> {
      if (cached && Date.now() < cached.renewAt) return Promise.resolve(cached.token);
      // Concurrent calls share one token request.
      pending ??= fetchToken().finally(() => (pending = undefined));
      return pending;
    },
    /** Forgets `token` (not a newer one another call already fetched): the API refused it. */
    discard(token: string) {
      if (cached?.token === token) cached = undefined;
    },
  };
}

/** The token endpoint refused the client's credentials (or could not be asked). */
export class SealpostAuthError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "SealpostAuthError";
    this.status = status;
  }
}

/** A failure of the connection itself (refused, reset, DNS), as fetch reports it: worth one more try. */
const isNetworkError = (err: unknown) => err instanceof TypeError;

/**
 * A fetch that adds the bearer token, retries 429, 503 and failed connections with exponential
 * backoff and full jitter (or the server's Retry-After), renews the token once when the API answers
 * 401 (revoked keys, a clock ahead of ours), and throws SealpostProblem for a problem+json answer.
 */
function sealpostFetch(opts: SealpostClientOptions, fetchImpl: typeof fetch, tokens: ReturnType<typeof tokenSource>): typeof fetch {
  const { maxAttempts = 4, baseDelayMs = 500, maxDelayMs = 30_000 } = opts.retry ?? {};
  const backoff = (attempt: number) => Math.min(maxDelayMs, Math.random() * baseDelayMs * 2 ** (attempt - 1));
  return async (input, init) => {
    const req = new Request(input, init);
    const repeatable = await isRepeatable(req);
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const sent = req.clone();
      const token = await tokens.token();
      sent.headers.set("authorization", `Bearer ${token}`);
      let res: Response;
      try {
        res = await fetchImpl(sent);
      } catch (err) {
        if (!isNetworkError(err) || !repeatable || attempt >= maxAttempts) throw err;
        await sleep(backoff(attempt));
        continue;
      }
      if (res.status === 401 && !renewed) {
        // A request refused for its token did nothing: sending it again with a fresh one is safe.
        renewed = true;
        tokens.discard(token);
        await res.body?.cancel();
        attempt--;
        continue;
      }
      if ((res.status === 429 || res.status === 503) && repeatable && attempt < maxAttempts) {
        await res.body?.cancel();
        await sleep(Math.min(maxDelayMs, retryAfterMs(res.headers.get("retry-after")) ?? backoff(attempt)));
        continue;
      }
      if (!res.ok && (res.headers.get("content-type") ?? "").startsWith("application/problem+json")) {
        throw new SealpostProblem(res.status, (await res.json().catch(() => ({}))) as Record<string, unknown>);
      }
      return res;
    }
  };
}

export interface WaitOptions {
  /** Give up after this long (default 120 s). */
  timeoutMs?: number;
  /** Between polls (default 1 s). */
  intervalMs?: number;
}

export type SealpostClient = Client<paths> & {
  /** Polls the batch's detail until its state is one of `states`; answers that detail. */
  waitForBatch(batchId: string, states: readonly BatchState[], opts?: WaitOptions): Promise<BatchDetail>;
  /** Polls the workflow's status until its state is one of `states`; answers that status. */
  waitForWorkflow(workflowId: string, states: readonly WorkflowState[], opts?: WaitOptions): Promise<WorkflowStatus>;
};

export function createSealpostClient(opts: SealpostClientOptions): SealpostClient {
  const fetchImpl = opts.fetch ?? globalThis.fetch;
  const api = createClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ""),
    fetch: sealpostFetch(opts, fetchImpl, tokenSource(opts, fetchImpl)),
  });

  async function poll<T extends { state: string }>(
    what: string,
    read: () => Promise<T>,
    states: readonly string[],
    { timeoutMs = 120_000, intervalMs = 1_000 }: WaitOptions = {},
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const current = await read();
      if (states.includes(current.state)) return current;
      if (Date.now() + intervalMs > deadline)
        throw new Error(`${what} is ${current.state}, not ${states.join(" or ")}, after ${timeoutMs} ms`);
      await sleep(intervalMs);
    }
  }
  // Problems throw in the fetch above, so `data` is missing only for an answer outside the document.
  const must = <T>(r: { data?: T; response: Response }): T => {
    if (r.data === undefined) throw new Error(`unexpected answer ${r.response.status}`);
    return r.data;
  };

  return {
    ...api,
    waitForBatch: (batchId, states, o) =>
      poll(
        `batch ${batchId}`,
        async () => must(await api.GET("/api/dispatch/batch/{batchId}", { params: { path: { batchId } } })),
        states,
        o,
      ),
    waitForWorkflow: (workflowId, states, o) =>
      poll(
        `workflow ${workflowId}`,
        async () => must(await api.GET("/api/workflow/{workflowId}/status", { params: { path: { workflowId } } })),
        states,
        o,
      ),
  };
}
