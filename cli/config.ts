import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { CliError, EXIT } from "./output";

/** Where `sealpost login` keeps a profile, and which API it talks to. */
export interface Profile {
  url: string;
  issuer?: string;
  tokenUrl?: string;
  audience: string;
  clientId: string;
  clientSecret: string;
}

/** $SEALPOST_CONFIG_DIR, else the XDG config folder: ~/.config/sealpost. */
export const configDir = (env = process.env) =>
  env.SEALPOST_CONFIG_DIR || join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "sealpost");
const credentialsFile = (env = process.env) => join(configDir(env), "credentials.json");

/**
 * The profile saved by login, with SEALPOST_URL, SEALPOST_ISSUER, SEALPOST_TOKEN_URL,
 * SEALPOST_AUDIENCE, SEALPOST_CLIENT_ID and SEALPOST_CLIENT_SECRET taking precedence, so that a
 * script or CI job needs no file at all. A credentials file that others can read is refused, as ssh
 * refuses a private key: the secret in it is the tenant's.
 */
export async function readProfile(env = process.env): Promise<Profile> {
  const file = credentialsFile(env);
  let saved: Partial<Profile> = {};
  const info = await stat(file).catch(() => null);
  if (info) {
    if (process.platform !== "win32" && (info.mode & 0o077) !== 0) {
      throw new CliError(`${file} can be read by other users: run chmod 600 "${file}" (or sealpost login again)`, EXIT.auth);
    }
    try {
      saved = JSON.parse(await readFile(file, "utf8")) as Partial<Profile>;
    } catch {
      throw new CliError(`${file} is not a saved profile: run sealpost login again`, EXIT.auth);
    }
  }
  const profile = {
    url: env.SEALPOST_URL || saved.url,
    issuer: env.SEALPOST_ISSUER || saved.issuer,
    tokenUrl: env.SEALPOST_TOKEN_URL || saved.tokenUrl,
    audience: env.SEALPOST_AUDIENCE || saved.audience || "sealpost",
    clientId: env.SEALPOST_CLIENT_ID || saved.clientId,
    clientSecret: env.SEALPOST_CLIENT_SECRET || saved.clientSecret,
  };
  if (!profile.url || !profile.clientId || !profile.clientSecret || !(profile.issuer || profile.tokenUrl)) {
    throw new CliError(
      "Not logged in: run sealpost login (or set SEALPOST_URL, SEALPOST_ISSUER, SEALPOST_CLIENT_ID and SEALPOST_CLIENT_SECRET)",
      EXIT.auth,
    );
  }
  return profile as Profile;
}

/** Written whole or not at all (a temporary file renamed over the old one), readable by its owner only. */
export async function saveProfile(profile: Profile, env = process.env): Promise<string> {
  const dir = configDir(env);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = credentialsFile(env);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFile is masked by the umask; say it again.
  await chmod(temporary, 0o600);
  await rename(temporary, file);
  return file;
}

export async function forgetProfile(env = process.env): Promise<boolean> {
  const file = credentialsFile(env);
  const existed = Boolean(await stat(file).catch(() => null));
  await rm(file, { force: true });
  return existed;
}
