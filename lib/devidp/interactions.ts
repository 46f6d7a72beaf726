import type { IncomingMessage, ServerResponse } from "node:http";
import { timingSafeEqual } from "node:crypto";
import type Provider from "oidc-provider";
import { loginPage } from "./pages";
import type { DevUser } from "./types";

const FORM_LIMIT = 16 * 1024;
const PATH = /^\/interaction\/([\w-]+)(\/login)?$/;

/**
 * The IdP's login page and the consent step of the authorization code flow, in front of
 * oidc-provider (its built-in devInteractions accept any user name without a password). Returns false
 * for requests that are not interactions. Consent is given automatically: every client of the
 * development IdP is first-party.
 */
export async function handleInteraction(
  provider: Provider,
  users: Map<string, DevUser>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  const match = PATH.exec(new URL(req.url ?? "/", "http://x").pathname);
  if (!match) return false;
  const isLogin = match[2] === "/login";
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== match[1]) throw new Error("interaction mismatch");
    const client = await provider.Client.find(String(details.params.client_id));
    const clientName = client?.clientName ?? String(details.params.client_id);

    if (details.prompt.name === "login") {
      if (req.method === "GET" && !isLogin) return html(res, 200, loginPage({ action: `/interaction/${details.uid}/login`, clientName }));
      if (req.method !== "POST" || !isLogin) return html(res, 405, "Method not allowed");
      const form = new URLSearchParams(await readBody(req));
      const username = (form.get("username") ?? "").trim();
      const user = users.get(username);
      if (!user || !sameSecret(form.get("password") ?? "", user.password)) {
        return html(
          res,
          200,
          loginPage({ action: `/interaction/${details.uid}/login`, clientName, username, error: "The username or password is not right" }),
        );
      }
      await provider.interactionFinished(req, res, { login: { accountId: user.username } }, { mergeWithLastSubmission: false });
      return true;
    }

    if (details.prompt.name === "consent") {
      const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      if (!grant) throw new Error("grant not found");
      if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(" "));
      if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(" "));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return true;
    }
    return html(res, 400, `Unsupported prompt ${details.prompt.name}`);
  } catch (err) {
    // An expired or unknown interaction (its cookie is gone): start again from the application.
    return html(
      res,
      400,
      `This sign-in attempt has expired or is not valid (${(err as Error).message}). Go back to the application and sign in again.`,
    );
  }
}

function html(res: ServerResponse, status: number, body: string): true {
  res.statusCode = status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.end(body);
  return true;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) throw new Error("form too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
