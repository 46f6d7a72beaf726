import { SealpostProblem } from "../../client/index";
import { forgetProfile, saveProfile, type Profile } from "../config";
import { CliError, EXIT, type Output } from "../output";
import { askSecret, interactive, readStdinText } from "../prompt";
import { clientFor } from "../session";

export interface LoginOptions {
  url: string;
  issuer?: string;
  tokenUrl?: string;
  audience: string;
  clientId: string;
  clientSecretStdin?: boolean;
}

/**
 * `sealpost login`: client credentials (docs/spec.md, "Authentication": a tenant's client id and secret), checked by
 * fetching a token and making one authenticated call before anything is saved. The secret is read
 * from stdin or asked for without echo, never taken as an argument (it would sit in shell history
 * and in every process list).
 */
export async function login(o: LoginOptions, out: Output): Promise<void> {
  if (!o.issuer && !o.tokenUrl) throw new CliError("Give --issuer URL (the OpenID provider) or --token-url URL", EXIT.usage);
  const clientSecret = o.clientSecretStdin
    ? await readStdinText()
    : process.env.SEALPOST_CLIENT_SECRET || (interactive() ? await askSecret(`Client secret for ${o.clientId}: `) : "");
  if (!clientSecret)
    throw new CliError(
      "No client secret: pipe it with --client-secret-stdin, set SEALPOST_CLIENT_SECRET, or run in a terminal",
      EXIT.usage,
    );
  const profile: Profile = {
    url: o.url.replace(/\/+$/, ""),
    issuer: o.issuer,
    tokenUrl: o.tokenUrl,
    audience: o.audience,
    clientId: o.clientId,
    clientSecret,
  };

  const api = clientFor(profile);
  try {
    await api.GET("/api/dispatch/batch", { params: { query: { limit: "1" } } });
  } catch (err) {
    // A tenant without batch dispatch is still logged in: the token was accepted.
    if (!(err instanceof SealpostProblem && err.code.startsWith("licence."))) throw err;
  }
  const file = await saveProfile(profile);
  out.result({ url: profile.url, clientId: profile.clientId, saved: file }, () => [
    `Logged in to ${profile.url} as ${profile.clientId}; saved in ${file} (readable by you only).`,
  ]);
}

export async function logout(out: Output): Promise<void> {
  const existed = await forgetProfile();
  out.result({ loggedOut: existed }, () => [existed ? "Logged out: the saved credentials are deleted." : "Not logged in."]);
}
