/** One link of a workflow's activity chain (workflow_certificates.chainLinks; made by lib/signing/certificate/activity-chain.ts). */
export interface ChainLink {
  eventId: number;
  kind: string;
  at: string;
  /** sha256(previous hash, canonical event) in hex. */
  hash: string;
}
