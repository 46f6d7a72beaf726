/**
 * The development CA: a root made at first use and kept in DATA_DIR/esign/dev-ca.json (its private
 * key included, mode 0600), so that a file signed before a restart still verifies against the same
 * root. Outside production only, when no tenant keys are configured (lib/signing/keys/tenant-keys.ts). It
 * issues every signer's certificate directly, for every tenant.
 */
import fs from "node:fs";
import path from "node:path";
import type { TenantKey } from "./pkcs12";
import { createRootCa, privateKeyPem } from "./test-ca";
import { RSA, x509 } from "./x509";

interface DevCaFile {
  format: 1;
  createdAt: string;
  certificate: string;
  privateKey: string;
}

export const devCaPath = (dataDir: string) => path.join(dataDir, "esign", "dev-ca.json");

export async function loadOrCreateDevCa(dataDir: string): Promise<TenantKey> {
  const file = devCaPath(dataDir);
  if (!fs.existsSync(file)) await create(file);
  let stored: DevCaFile;
  try {
    stored = JSON.parse(fs.readFileSync(file, "utf8")) as DevCaFile;
    if (stored.format !== 1) throw new Error("unknown format");
  } catch (e) {
    throw new Error(
      `esign: the development CA ${file} is unreadable (${(e as Error).message}); delete it to make a new one (files signed with it will no longer verify)`,
    );
  }
  const cert = new x509.X509Certificate(stored.certificate);
  const pkcs8 = Buffer.from(stored.privateKey.replace(/-----[^-]+-----|\s/g, ""), "base64");
  const privateKey = await crypto.subtle.importKey("pkcs8", pkcs8, RSA, false, ["sign"]);
  const rootDer = new Uint8Array(cert.rawData);
  return { kind: "issuing", ca: { privateKey, chain: [rootDer] }, roots: [rootDer], subject: cert.subject };
}

async function create(file: string): Promise<void> {
  const { cert, keys } = await createRootCa("Sealpost development CA (not for production)", "Sealpost development");
  const content: DevCaFile = {
    format: 1,
    createdAt: new Date().toISOString(),
    certificate: cert.toString("pem"),
    privateKey: await privateKeyPem(keys.privateKey),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(content, null, 2), { mode: 0o600 });
  try {
    // link() fails when the file exists: of two processes making one at once, the first one's stays.
    fs.linkSync(tmp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
