import { z } from "zod";
import { emailAddress } from "@/lib/mail/address";
import type { SupportedLocale } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { personLocaleField } from "@/lib/workflow/person-locales";
import type { EsignSettings, StoredSignerRequest } from "@/lib/db/json/workflow-settings";
import type { Expect, SameType } from "@/lib/same-type";

/** The signature page holds at most this many boxes (lib/signing/pdf/signature-page.tsx MAX_SIGNERS; a unit test keeps them equal). */
export const MAX_ESIGN_SIGNERS = 20;

export const signingModes = ["parallel", "sequential"] as const;
export type SigningMode = (typeof signingModes)[number];

const signerSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  email: emailAddress(),
  /** Sequential mode only: the signer's place in the signing order (1 first). */
  order: z.number().int().min(1).max(MAX_ESIGN_SIGNERS).optional(),
  role: z.string().trim().min(1).max(100).optional(),
  requireOtp: z.boolean().optional(),
  locale: personLocaleField,
});
export type EsignSignerRequest = z.infer<typeof signerSchema>;
// The workflow keeps the signers as requested: what this parser gives is what is stored.
type _SignerIsStored = Expect<SameType<EsignSignerRequest, StoredSignerRequest>>;
type _ModeIsStored = Expect<SameType<SigningMode, EsignSettings["signingMode"]>>;

/**
 * templateSettings.esign as a create request may send it. The rules a list must follow are checked
 * here rather than left to the database or the seal job, so a bad list is a 422 naming its field
 * before anything is stored. Decisions where the issue is silent:
 * - signingMode defaults to parallel: nobody waits on anybody unless the caller asks for an order;
 * - in sequential mode, `order` is on every signer or on none (list order), and never repeated: two
 *   signers at one place would be a parallel group, which the signature page cannot print as an order;
 * - emails are compared case-insensitively (one mailbox, one signer).
 */
export const esignRequestSchema = z
  .strictObject({
    enabled: z.boolean().default(false),
    signers: z.array(signerSchema).min(1).max(MAX_ESIGN_SIGNERS).optional(),
    signingMode: z.enum(signingModes).default("parallel"),
  })
  .superRefine((e, ctx) => {
    const signers = e.signers ?? [];
    const seen = new Map<string, number>();
    signers.forEach((s, i) => {
      const key = s.email.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["signers", i, "email"],
          message: `repeats the email of signers.${first}; each signer signs once`,
        });
      else seen.set(key, i);
    });
    const ordered = signers.map((s, i) => [s.order, i] as const).filter(([o]) => o !== undefined);
    if (e.signingMode !== "sequential") {
      for (const [, i] of ordered)
        ctx.addIssue({ code: "custom", path: ["signers", i, "order"], message: "is only allowed when signingMode is sequential" });
      return;
    }
    if (ordered.length && ordered.length < signers.length) {
      signers.forEach((s, i) => {
        if (s.order === undefined)
          ctx.addIssue({
            code: "custom",
            path: ["signers", i, "order"],
            message: "is required on every signer once one signer has an order",
          });
      });
    }
    const places = new Map<number, number>();
    for (const [o, i] of ordered) {
      const first = places.get(o!);
      if (first !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["signers", i, "order"],
          message: `repeats the order of signers.${first}; each place in a sequence has one signer`,
        });
      else places.set(o!, i);
    }
  });
export type EsignRequest = z.infer<typeof esignRequestSchema>;

/** One signer as the workflow keeps them: who, where in the order (1-based, sequential only), and how they are identified. */
export interface EsignSigner {
  name: string;
  email: string;
  role: string | null;
  /** 1-based place in sequential mode; null in parallel mode. */
  order: number | null;
  requireOtp: boolean;
  /** The language named for this signer; absent or null: the workflow's, else the tenant's default (signer-locale.ts). */
  locale?: SupportedLocale | null;
}

/** What a workflow keeps of templateSettings.esign. */
export type { EsignSettings } from "@/lib/db/json/workflow-settings";

/**
 * The signers of a request in the order their boxes appear on the signature page: the request's
 * list, else the workflow's recipients (named by display name, else by address, in their own
 * language; the workflow's requireOtp applies to them). Locales come here as catalogue tags
 * (withCatalogueLocales). Sequential mode sorts by `order` and numbers them 1…n.
 */
export function resolveSigners(
  e: EsignRequest,
  recipients: ReadonlyArray<{ email: string; displayName?: string; locale?: string }>,
  workflowRequireOtp: boolean,
): EsignSigner[] {
  const list = e.signers
    ? e.signers.map((s) => ({
        name: s.name,
        email: s.email,
        role: s.role ?? null,
        requireOtp: s.requireOtp ?? false,
        order: s.order,
        locale: supportedLocaleOf(s.locale),
      }))
    : recipients.map((r) => ({
        name: r.displayName?.trim() || r.email,
        email: r.email,
        role: null,
        requireOtp: workflowRequireOtp,
        order: undefined,
        locale: supportedLocaleOf(r.locale),
      }));
  if (e.signingMode === "parallel") return list.map(({ order: _o, ...s }) => ({ ...s, order: null }));
  const sorted = list.map((s, i) => ({ s, key: s.order ?? i + 1 })).sort((a, b) => a.key - b.key);
  return sorted.map(({ s }, i) => ({ ...s, order: i + 1 }));
}
