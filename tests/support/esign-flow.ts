import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { consent } from "@/lib/signing/ceremony/consent";
import { createTestCa, type TestCa } from "@/lib/signing/keys/test-ca";
import { nssTrusting, writePkcs12 } from "./esign-checks";
import type { ReceivedMail } from "./smtp";
import { eventually, type Stack, type UserName } from "./stack";
import { startTsaServer, type TsaServer } from "./tsa";
import { uniqueCorrelationId } from "./workflow";

/**
 * What an e-signature test needs beside its stack: the test CA, its issuing key as acme's PKCS#12
 * (ESIGN_KEYS_DIR), the TSA over HTTP (ESIGN_TSA_URL), and an NSS database trusting the root for
 * pdfsig. `env` goes into the stack's env; `checks()` into expectSignedByAll.
 */
export async function esignFixtures() {
  const password = "esign test password";
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "esign-it-"));
  const ca: TestCa = await createTestCa("acme");
  fs.mkdirSync(path.join(dir, "keys"));
  await writePkcs12(path.join(dir, "keys", "acme.p12"), ca.root.privateKey, ca.root.chain, password);
  fs.writeFileSync(path.join(dir, "root.pem"), ca.rootPem);
  const nss = nssTrusting(dir, [ca.rootDer]);
  const tsa: TsaServer = await startTsaServer(ca.tsa);
  return {
    dir,
    ca,
    tsa,
    nss,
    password,
    env: {
      ESIGN_KEYS_DIR: path.join(dir, "keys"),
      ESIGN_KEYS_PASSWORD: password,
      ESIGN_TSA_URL: tsa.url,
      ESIGN_TSA_ROOTS: path.join(dir, "root.pem"),
    },
    checks: () => ({ dir, nss, rootPemFile: path.join(dir, "root.pem"), trustedRoots: [ca.rootDer] }),
    async close() {
      await tsa.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type EsignFixtures = Awaited<ReturnType<typeof esignFixtures>>;

export type Signer = { name: string; email: string; order?: number; role?: string; requireOtp?: boolean; locale?: string };
let seq = 0;
/** A signer no other test (or earlier run) has used. */
export const person = (label: string, extra: Partial<Signer> = {}): Signer => ({
  name: `${label} Signer`,
  email: `${label.toLowerCase()}-${Date.now()}-${++seq}@sign.test`,
  ...extra,
});
/** A signer called `name` ("Ada Lovelace"), whose address no other test has used. */
export const namedSigner = (name: string, extra: Partial<Signer> = {}): Signer => person(name.split(" ")[0], { name, ...extra });

/** A governance workflow's create request (validated at create: pending-approval), from Acme Ltd, with `esign` when given. */
export const esignCreateBody = (esign: unknown, extra: Record<string, unknown> = {}) => ({
  templatePath: "workflow/governance.md",
  correlationId: uniqueCorrelationId("esign"),
  templateSettings: {
    workflow: { recipients: [{ email: `gov-${Date.now()}-${++seq}@example.test` }], organizationName: "Acme Ltd" },
    esign,
  },
  initialData: { amount: 120.5, costCentre: "OPS" },
  ...extra,
});

export const workflowStatus = async (stack: Stack, id: string) =>
  (await stack.api("submitter", "GET", `/api/workflow/${id}/status`)).json();

/**
 * A governance workflow sealed by its initiator (or, with `approvedBy`, approved by that approver):
 * the seal job adds the signature page and invites.
 */
export async function sealedForSigning(
  stack: Stack,
  signers: Signer[],
  signingMode: "parallel" | "sequential",
  extra: Record<string, unknown> = {},
  approvedBy?: UserName,
): Promise<string> {
  const res = await stack.api("submitter", "POST", "/api/workflow", esignCreateBody({ enabled: true, signingMode, signers }, extra));
  expect(res.status).toBe(201);
  const { workflowId } = await res.json();
  const sealed = approvedBy
    ? await stack.api(approvedBy, "POST", `/api/workflow/${workflowId}/approve`, { comment: "Approved for signature" })
    : await stack.api("submitter", "POST", `/api/workflow/${workflowId}/seal`);
  expect(sealed.status).toBe(200);
  await eventually(async () => (await workflowStatus(stack, workflowId)).signing?.documentRevision === 0, 60_000, "revision 0");
  return workflowId as string;
}

/** A signing link as the mails write it: the page's whole address, the link's token its group. */
export const SIGN_LINK = /https?:\/\/\S+\/sign\/([0-9a-f-]{36}\.[\w-]{43})/;
/** The signing link a mail's text carries, whole. */
export const linkIn = (text: string): string => SIGN_LINK.exec(text)![0];

/** The mails to `email` that carry a signing link (the invitation and each re-sent link), in whatever language the signer reads. */
const carriesLinkTo = (email: string) => (m: ReceivedMail) => m.to.includes(email) && SIGN_LINK.test(m.text);
export const invitationsTo = (stack: Stack, email: string): ReceivedMail[] => stack.smtp.messages.filter(carriesLinkTo(email));

/** The newest mail with a signing link to `email`, once more than `after` such mails have come. */
export function invitation(stack: Stack, email: string, after = 0): Promise<ReceivedMail> {
  return stack.smtp.waitFor((ms) => {
    const mine = ms.filter(carriesLinkTo(email));
    return mine.length > after && mine.at(-1);
  }, 30_000);
}

/** The token of the newest signing link mailed to `email` (what the ceremony API takes), once more than `after` have come. */
export const signingLink = async (stack: Stack, email: string, after = 0): Promise<string> =>
  SIGN_LINK.exec((await invitation(stack, email, after)).text)![1];

/** The newest signing link mailed to `email`, whole, as the signer opens it. */
export const signingUrl = async (stack: Stack, email: string, after = 0): Promise<string> =>
  linkIn((await invitation(stack, email, after)).text);

export const signWith = (stack: Stack, token: string, body: unknown, headers: Record<string, string> = {}) =>
  stack.api(null, "POST", `/api/sign/${token}/sign`, body, headers);
/** A sign request with a typed mark, the current consent and intent. */
export const typedSignature = (text: string) => ({
  consent: { version: consent().version, sha256: consent().sha256 },
  mark: { kind: "typed", text },
  intent: true,
});

/** Each signer, in the order given, opens their mailed link and signs with a typed mark; waits until each signature is applied. */
export async function signInTurn(stack: Stack, id: string, signers: Signer[]): Promise<void> {
  for (const [i, s] of signers.entries()) {
    const token = await signingLink(stack, s.email);
    expect((await stack.api(null, "GET", `/api/sign/${token}`)).status).toBe(200);
    expect((await signWith(stack, token, typedSignature(s.name))).status).toBe(202);
    await eventually(async () => (await workflowStatus(stack, id)).signing.signers[i].state === "signed", 60_000, `signer ${i + 1} signed`);
  }
}

/** The workflow's signed document as its initiator downloads it, checked against the status's SHA-256. */
export async function signedPdf(stack: Stack, id: string): Promise<Uint8Array> {
  const res = await stack.api("submitter", "GET", `/api/workflow/${id}/sealed`);
  expect(res.status).toBe(200);
  const pdf = new Uint8Array(await res.arrayBuffer());
  const status = await workflowStatus(stack, id);
  expect(res.headers.get("x-content-sha256")).toBe(status.sealedSha256);
  // Named as signed, never as the copy that was sent for signature.
  expect(status.sealedFileName).toMatch(/-signed\.pdf$/);
  expect(res.headers.get("content-disposition")).toContain(`filename="${status.sealedFileName}"`);
  return pdf;
}
