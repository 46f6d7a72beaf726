import type { ExplainRetention } from "./explain-retention";

/** One signer as a create request named them (templateSettings.esign.signers; lib/signing/signers/esign-settings.ts parses it). */
export interface StoredSignerRequest {
  name: string;
  email: string;
  /** Sequential mode only: the signer's place in the signing order (1 first). */
  order?: number;
  role?: string;
  requireOtp?: boolean;
  /** The signer's language: the catalogue tag the request's tag matched (de-DE is de; lib/i18n/locales.ts). */
  locale?: string;
}

/** What a workflow keeps of templateSettings.esign. */
export interface EsignSettings {
  enabled: boolean;
  signingMode: "parallel" | "sequential";
  /** As requested (null: the workflow's recipients sign); the signers themselves are rows of workflow_signers. */
  signers: StoredSignerRequest[] | null;
}

/** What a workflow keeps of its request (workflows.settings): the settings with the template's defaults applied, and the options. */
export interface WorkflowSettings {
  /** `locale`: the participant's language, one of the catalogues' tags (lib/i18n/locales.ts), absent where the request named none. */
  recipients: Array<{ email: string; displayName?: string; locale?: string }>;
  requireOtp: boolean;
  organizationName?: string;
  /** How answers are shown (show-value.ts); absent on workflows created before it was kept: en-GB. */
  locale?: string;
  message?: string;
  /** Absent, or enabled false, on a workflow without e-signature (rows from before it existed may lack signingMode). */
  esign?: EsignSettings;
  delivery?: { enabled: boolean; recipients?: Array<string | { email: string; displayName?: string }> };
  options: { documentId?: string; docType?: string };
  /** Set when the sealed PDF's render is traced: the setting that asked (lib/explain/settings.ts). */
  explainRequestedBy?: string | null;
  /** How long the sealed PDF's trace is kept, fixed at creation; absent on workflows created before it was kept. */
  explainRetention?: ExplainRetention | null;
}
