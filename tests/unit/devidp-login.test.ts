import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoClients, demoConsoleClient, demoUsers, startDevIdp, type DevIdp } from "@/lib/devidp/provider";

const APP = "http://127.0.0.1:3999";
const web = demoConsoleClient(APP);
let idp: DevIdp;
let discovery: { authorization_endpoint: string; token_endpoint: string; jwks_uri: string; end_session_endpoint: string };

beforeAll(async () => {
  idp = await startDevIdp({ audience: "sealpost-unit", clients: demoClients("demo"), users: demoUsers("demo"), webClients: [web] });
  discovery = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json();
});
afterAll(() => idp?.close());

/** A browser's cookie jar for one origin, just enough to follow the IdP's redirects by hand. */
function browser() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as object), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
}

function authorizeUrl() {
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: web.clientId,
    response_type: "code",
    redirect_uri: web.redirectUris[0],
    scope: "openid email profile",
    state: "s1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  return { url: url.toString(), verifier };
}

const follow = (base: string, res: Response) => new URL(res.headers.get("location")!, base).toString();

describe("development IdP login page", () => {
  it("signs a demo user in with the code flow and PKCE; the ID token carries tenant, roles and email", async () => {
    const go = browser();
    const { url, verifier } = authorizeUrl();
    const toLogin = await go(url);
    expect(toLogin.status).toBe(303);
    const loginUrl = follow(idp.issuer, toLogin);
    const page = await (await go(loginUrl)).text();
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toContain("Sealpost console");
    const action = new URL(/action="([^"]+)"/.exec(page)![1], idp.issuer).toString();

    const wrong = await go(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=approver%40demo.sealpost.local&password=nope",
    });
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain("The username or password is not right");

    const ok = await go(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=approver%40demo.sealpost.local&password=demo-approver-password",
    });
    expect(ok.status).toBe(303);
    // Back to the authorization endpoint, then to consent (given automatically), then to the app.
    let res = await go(follow(idp.issuer, ok));
    while (res.status === 303 && !res.headers.get("location")!.startsWith(APP)) res = await go(follow(idp.issuer, res));
    const callback = new URL(res.headers.get("location")!);
    expect(callback.origin + callback.pathname).toBe(`${APP}/api/auth/callback/oidc`);
    expect(callback.searchParams.get("state")).toBe("s1");

    const basic = Buffer.from(`${web.clientId}:${web.clientSecret}`).toString("base64");
    const token = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code")!,
        redirect_uri: web.redirectUris[0],
        code_verifier: verifier,
      }),
    });
    expect(token.status).toBe(200);
    const { id_token } = (await token.json()) as { id_token: string };
    const { payload } = await jwtVerify(id_token, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
      issuer: idp.issuer,
      audience: web.clientId,
    });
    expect(payload).toMatchObject({
      sub: "approver@demo.sealpost.local",
      tid: "demo",
      roles: [],
      email: "approver@demo.sealpost.local",
      name: "Demo approver",
    });
    expect(discovery.end_session_endpoint).toBe(`${idp.issuer}/session/end`);
  });

  it("refuses an authorization request without PKCE", async () => {
    const url = new URL(authorizeUrl().url);
    url.searchParams.delete("code_challenge");
    url.searchParams.delete("code_challenge_method");
    const res = await browser()(url.toString());
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
  });
});
