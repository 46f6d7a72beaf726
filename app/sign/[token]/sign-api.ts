import { answerOf, type ApiAnswer } from "@/app/portal/[workflowId]/portal-api";
import type { ceremonyBootstrap } from "@/lib/signing/ceremony/ceremony-bootstrap";
import type { signingProgress } from "@/lib/signing/ceremony/signing-progress";

export type Bootstrap = Awaited<ReturnType<typeof ceremonyBootstrap>>;
/** The bootstrap once the passcode (if any) is verified: the document, the consent, the signers. */
export type OpenBootstrap = Extract<Bootstrap, { document: unknown }>;
export type Progress = Awaited<ReturnType<typeof signingProgress>>;
export type Failed = ApiAnswer<unknown> & { ok: false };

const PROOF_HEADER = "X-Svc-Sign-Otp";

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: the proof lives in memory only
  }
}

/**
 * The ceremony page's only way to the server: the ceremony API (the OpenAPI document's e-signature area), the link's
 * token in the path (it is the page's own address). The passcode proof that otp/verify answers is
 * kept in memory and in sessionStorage (a reload of this tab needs no new passcode while it lasts) and
 * sent in X-Svc-Sign-Otp with every call.
 */
export class SignApi {
  private proof: string | null;

  constructor(readonly token: string) {
    this.proof = this.readProof();
  }

  // The signer's id (before the dot), not the token: the token stays in the address bar only.
  private get proofKey() {
    return `sealpost.sign-otp.${this.token.split(".")[0]}`;
  }

  private readProof(): string | null {
    const kept = storage()?.getItem(this.proofKey);
    if (!kept) return null;
    const [proof, expiresAt] = kept.split(" ");
    return Date.parse(expiresAt) > Date.now() ? proof : null;
  }

  private async send(method: string, path: string, body: unknown, accept: string): Promise<Response | null> {
    const headers: Record<string, string> = { accept };
    if (this.proof) headers[PROOF_HEADER] = this.proof;
    if (body !== undefined) headers["content-type"] = "application/json";
    try {
      return await fetch(`/api/sign/${encodeURIComponent(this.token)}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
        credentials: "same-origin",
      });
    } catch {
      return null;
    }
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    const answer = await answerOf<T>(await this.send(method, path, body, "application/json"));
    const json = answer.body as Record<string, unknown>;
    if (answer.ok && path === "/otp/verify" && typeof json.otpProof === "string") {
      this.proof = json.otpProof;
      storage()?.setItem(this.proofKey, `${json.otpProof} ${json.otpProofExpiresAt}`);
    }
    return answer;
  }

  /** The current revision of the document, as the signer is about to sign it; null when it could not be fetched. */
  async document(): Promise<Uint8Array | null> {
    const res = await this.send("GET", "/document", undefined, "application/pdf");
    return res?.ok ? new Uint8Array(await res.arrayBuffer()) : null;
  }
}
