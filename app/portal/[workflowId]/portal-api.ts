/**
 * The portal's only way to the server: the participant API of README "Workflow sessions", with the
 * portal token in the X-Svc-Portal-Token header (not the query: addresses end up in logs). Every
 * answer to a valid token carries a fresh one; it replaces the old one in memory, in sessionStorage
 * (a reload in this tab keeps working) and in the address bar's `pt` (so does a bookmark of it).
 */
const TOKEN_HEADER = "X-Svc-Portal-Token";

export type ApiAnswer<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; code: string; detail: string; body: Record<string, unknown>; retryAfterS?: number };

const tokenKey = (workflowId: string) => `sealpost.portal-token.${workflowId}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the token lives in memory and the address bar only
  }
}

export class PortalApi {
  private token: string | null;

  constructor(readonly workflowId: string) {
    // The link's token wins over a stored one: a newer mail's link must open, whatever this tab had.
    const fromUrl = new URL(window.location.href).searchParams.get("pt");
    this.token = fromUrl || storage()?.getItem(tokenKey(workflowId)) || null;
    if (this.token) this.keep(this.token);
  }

  get hasToken(): boolean {
    return this.token !== null;
  }

  private keep(token: string) {
    this.token = token;
    storage()?.setItem(tokenKey(this.workflowId), token);
    const url = new URL(window.location.href);
    if (url.searchParams.get("pt") !== token) {
      url.searchParams.set("pt", token);
      window.history.replaceState(window.history.state, "", url);
    }
  }

  private async send(method: string, path: string, body: unknown, accept: string): Promise<Response | null> {
    const headers: Record<string, string> = { accept };
    if (this.token) headers[TOKEN_HEADER] = this.token;
    if (body !== undefined) headers["content-type"] = "application/json";
    try {
      const res = await fetch(`/api/workflow/${encodeURIComponent(this.workflowId)}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
        credentials: "same-origin",
      });
      const fresh = res.headers.get(TOKEN_HEADER);
      if (fresh) this.keep(fresh);
      return res;
    } catch {
      return null;
    }
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    return answerOf<T>(await this.send(method, path, body, "application/json"));
  }

  /**
   * A file (the sealed PDF) fetched with the token in the header, as every call is: a plain link would
   * have to carry the token in its address, and so in access logs.
   */
  async file(path: string): Promise<Blob | null> {
    const res = await this.send("GET", path, undefined, "application/pdf");
    return res?.ok ? res.blob() : null;
  }
}

/** A call's answer: its JSON body when it succeeded, else the problem's code and detail (and Retry-After); null: the server was not reached. */
export async function answerOf<T>(res: Response | null): Promise<ApiAnswer<T>> {
  if (!res) return { ok: false, status: 0, code: "network", detail: "The server could not be reached", body: {} };
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) return { ok: true, status: res.status, body: json as T };
  const retryAfter = Number(res.headers.get("retry-after"));
  return {
    ok: false,
    status: res.status,
    code: typeof json.code === "string" ? json.code : `http.${res.status}`,
    detail: typeof json.detail === "string" ? json.detail : res.statusText,
    body: json,
    retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  };
}

/** Answers that mean the link no longer opens this workflow: the expired-link page, not an error. */
export const isTokenProblem = (a: { status: number; code: string }) =>
  a.status === 401 || (a.status === 403 && a.code.startsWith("portal."));
