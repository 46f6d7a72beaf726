/**
 * Where a tenant's signing key comes from, and what signPdf and verifyPdf need for one signer.
 *
 * - Configured (ESIGN_KEYS_DIR): one PKCS#12 per tenant, `<tenantId>.p12`, all opened with
 *   ESIGN_KEYS_PASSWORD. A file holding a CA key issues each signer a short-lived certificate of
 *   their own (signer-certificate.ts); a file holding a plain signing certificate signs for every
 *   signer. A folder rather than one variable: files are how secret stores mount keys, and a
 *   PKCS#12 in an environment variable would show up in every process listing that prints it.
 * - Not configured, outside production: the development CA in DATA_DIR (dev-ca.ts).
 * - Not configured in production: no signing, with a message naming the variables.
 *
 * Each tenant's file is read and checked at first use, then kept in memory: a new key needs a restart.
 */
import fs from "node:fs";
import path from "node:path";
import { env, type Env } from "@/lib/env";
import { loadOrCreateDevCa } from "./dev-ca";
import { openPkcs12, type TenantKey } from "./pkcs12";
import type { SigningKey } from "../pdf/sign-pdf";
import { issueSignerCertificate, issueTenantSealCertificate, type SignerName } from "./signer-certificate";
import { x509 } from "./x509";

/** What a tenant id may be (as everywhere in Sealpost); checked before it names a file. */
export const TENANT_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export interface EsignConfig {
  keysDir?: string;
  password?: string;
  production: boolean;
  dataDir: string;
  tsaUrl?: string;
  tsaRootsFile?: string;
}

export function esignConfig(e: Env = env()): EsignConfig {
  return {
    keysDir: e.ESIGN_KEYS_DIR,
    password: e.ESIGN_KEYS_PASSWORD,
    production: e.NODE_ENV === "production",
    dataDir: e.DATA_DIR,
    tsaUrl: e.ESIGN_TSA_URL,
    tsaRootsFile: e.ESIGN_TSA_ROOTS,
  };
}

const loaded = new Map<string, Promise<TenantKey>>();

/** Tests load several folders in one process; this forgets every key read. */
export function resetTenantKeys(): void {
  loaded.clear();
}

/** The tenant's key, read (or made, in development) at first use. */
export function tenantKey(tenantId: string, config: EsignConfig = esignConfig()): Promise<TenantKey> {
  if (typeof tenantId !== "string" || !TENANT_ID.test(tenantId))
    throw new Error(`esign: ${JSON.stringify(String(tenantId).slice(0, 130))} is not a tenant id`);
  const cacheKey = config.keysDir ? `dir\0${path.resolve(config.keysDir)}\0${tenantId}` : `dev\0${path.resolve(config.dataDir)}`;
  let key = loaded.get(cacheKey);
  if (!key) {
    key = load(tenantId, config);
    // A failure is not kept: the next use tries again (the file may have been fixed).
    key.catch(() => loaded.delete(cacheKey));
    loaded.set(cacheKey, key);
  }
  return key;
}

async function load(tenantId: string, config: EsignConfig): Promise<TenantKey> {
  if (!config.keysDir) {
    if (config.production) {
      throw new Error(
        `esign: no signing key for tenant "${tenantId}": set ESIGN_KEYS_DIR (a folder of <tenantId>.p12 files) and ESIGN_KEYS_PASSWORD; the development CA is never used in production`,
      );
    }
    return loadOrCreateDevCa(config.dataDir);
  }
  const dir = path.resolve(config.keysDir);
  const file = path.join(dir, `${tenantId}.p12`);
  // TENANT_ID admits no "/" and no leading ".", so this holds; checked anyway, as the id comes from a request.
  if (path.dirname(file) !== dir) throw new Error(`esign: tenant id "${tenantId}" does not name a file in ESIGN_KEYS_DIR`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(fs.readFileSync(file));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(
      `esign: no signing key for tenant "${tenantId}": ${code === "ENOENT" ? `ESIGN_KEYS_DIR has no ${tenantId}.p12` : `ESIGN_KEYS_DIR/${tenantId}.p12 cannot be read (${code})`}`,
    );
  }
  return openPkcs12(
    bytes,
    config.password ?? "",
    `the PKCS#12 of tenant "${tenantId}" (ESIGN_KEYS_DIR/${tenantId}.p12, password ESIGN_KEYS_PASSWORD)`,
  );
}

export interface SignerKey {
  /** What signPdf takes as `key`. */
  key: SigningKey;
  /** What signPdf takes as `tsa` (ESIGN_TSA_URL), when set. */
  tsa?: string;
  /** A certificate was issued for this signer (else the tenant's own signs). */
  issued: boolean;
}

/** The key one signer signs with: a fresh certificate of their own when the tenant's key can issue, else the tenant's. */
export async function keyForSigner(tenantId: string, signer: SignerName, config: EsignConfig = esignConfig()): Promise<SignerKey> {
  const tenant = await tenantKey(tenantId, config);
  const key = tenant.kind === "issuing" ? await issueSignerCertificate(tenant.ca, signer) : tenant.key;
  return { key, tsa: config.tsaUrl, issued: tenant.kind === "issuing" };
}

/**
 * The key the tenant itself signs with (the certificate of completion): a seal certificate issued
 * to `name` when the tenant's key can issue, else the tenant's signing certificate.
 */
export async function keyForTenantSeal(tenantId: string, name: string, config: EsignConfig = esignConfig()): Promise<SignerKey> {
  const tenant = await tenantKey(tenantId, config);
  const key = tenant.kind === "issuing" ? await issueTenantSealCertificate(tenant.ca, name) : tenant.key;
  return { key, tsa: config.tsaUrl, issued: tenant.kind === "issuing" };
}

/** The roots verifyPdf trusts for a tenant's files: its key's root, and the timestamp authority's (ESIGN_TSA_ROOTS). */
export async function trustedRoots(tenantId: string, config: EsignConfig = esignConfig()): Promise<Uint8Array[]> {
  const tenant = await tenantKey(tenantId, config);
  return [...tenant.roots, ...tsaRoots(config)];
}

/**
 * The verification API's roots, kept apart: a signature's chain must end at the tenant's own root;
 * a timestamp's at the tenant's or at ESIGN_TSA_ROOTS. One list would let a signer certificate
 * from the timestamp authority's CA (or another tenant's, when they share one) pass as the tenant's.
 */
export async function verificationRoots(
  tenantId: string,
  config: EsignConfig = esignConfig(),
): Promise<{ trustedRoots: Uint8Array[]; timestampRoots: Uint8Array[] }> {
  const tenant = await tenantKey(tenantId, config);
  return { trustedRoots: tenant.roots, timestampRoots: [...tenant.roots, ...tsaRoots(config)] };
}

function tsaRoots(config: EsignConfig): Uint8Array[] {
  if (!config.tsaRootsFile) return [];
  let text: string;
  try {
    text = fs.readFileSync(config.tsaRootsFile, "utf8");
  } catch (e) {
    throw new Error(`esign: ESIGN_TSA_ROOTS cannot be read (${(e as NodeJS.ErrnoException).code})`);
  }
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (!blocks.length) throw new Error("esign: ESIGN_TSA_ROOTS holds no PEM certificate");
  return blocks.map((pem) => new Uint8Array(new x509.X509Certificate(pem).rawData));
}
