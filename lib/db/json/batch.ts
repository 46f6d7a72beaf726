/**
 * What a batch keeps of its request (batches.distribution, batches.options) and of its intake check
 * (batches.validationResults), and the details of its activity items (activity_items.detail).
 */

/** The distribution settings after the template's defaults and the request's override are merged (lib/batch/resolve-distribution.ts parses them). */
export interface StoredDistribution {
  enabled: boolean;
  mode: "individual" | "combined";
  requireApproval: boolean;
  fileNameTemplate: string;
  approversEmail?: string[];
  deliveryConfig: { mode: "secure-email" | "none"; expiresInHours: number; nameField?: string };
  zipBundle: boolean;
}

/** The request's options, and who sent it: the token's email (null without one) and subject. */
export interface BatchOptions {
  correlationId?: string;
  documentId?: string;
  generatedBy?: string;
  sourceSystem?: string;
  documentIdTemplate?: string;
  title?: string;
  submitterEmail: string | null;
  submitterSubject: string;
}

/** One record that has messages at intake; records without any are not listed. */
export interface BatchValidationEntry {
  index: number;
  status: "warning" | "invalid";
  outcome: "DISPATCH_READY" | "INVALID";
  /** The API's English lines. */
  messages: string[];
  /**
   * The same findings in any language, in the same order (lib/i18n/words-text.ts), for the
   * console; absent on batches taken in before they were kept. The API answers `messages` alone.
   */
  findings?: StoredWords[];
}

/** A sentence of the catalogues as stored: its key and values (lib/i18n/words.ts `Words`, which the domain maps it to). */
export interface StoredWords {
  key: `finding.${string}`;
  values: Record<string, string | number | string[]>;
}

/** The detail of a batch's activity item (kind batch), and of each record's (kind record). */
export type ActivityDetail =
  { documentCount: number; readiness: string } | { recordIndex: number; documentId: string | null; error: string | null };
