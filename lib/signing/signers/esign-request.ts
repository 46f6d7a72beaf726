import { AppError } from "@/lib/http/problem";
import { fieldErrors } from "@/lib/http/zod-errors";
import { withCatalogueLocales } from "@/lib/workflow/person-locales";
import { esignRequestSchema, MAX_ESIGN_SIGNERS, resolveSigners, type EsignSettings, type EsignSigner } from "./esign-settings";

const FIELD = "templateSettings.esign";

function invalid(errors: Array<{ path: string; message: string }>): AppError {
  return new AppError("workflow.esign_invalid", `${FIELD} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`, {
    errors,
  });
}

/**
 * templateSettings.esign of a create request: the settings the workflow keeps and its signers, or a
 * 422 naming the field (workflow.esign_invalid; a signer's language Sealpost does not write:
 * workflow.locale_unsupported, as a participant's).
 */
export function esignFromRequest(
  raw: unknown,
  workflow: { recipients: ReadonlyArray<{ email: string; displayName?: string; locale?: string }>; requireOtp: boolean },
): { settings: EsignSettings | undefined; signers: EsignSigner[] } {
  if (raw === undefined) return { settings: undefined, signers: [] };
  const parsed = esignRequestSchema.safeParse(raw);
  if (!parsed.success)
    throw invalid(fieldErrors(parsed.error).map((e) => ({ ...e, path: e.path === "(root)" ? FIELD : `${FIELD}.${e.path}` })));
  const e = { ...parsed.data, signers: parsed.data.signers && withCatalogueLocales(parsed.data.signers, `${FIELD}.signers`) };
  const settings: EsignSettings = { enabled: e.enabled, signingMode: e.signingMode, signers: e.signers ?? null };
  if (!e.enabled) return { settings, signers: [] };
  if (!e.signers) {
    if (!workflow.recipients.length) {
      throw invalid([
        { path: `${FIELD}.signers`, message: "is required when templateSettings.workflow.recipients is empty: somebody has to sign" },
      ]);
    }
    const seen = new Map<string, number>();
    const errors = workflow.recipients.flatMap((r, i) => {
      const first = seen.get(r.email.toLowerCase());
      if (first === undefined) return (seen.set(r.email.toLowerCase(), i), []);
      return [
        {
          path: `templateSettings.workflow.recipients.${i}.email`,
          message: `repeats recipients.${first}; the recipients sign, and each signs once`,
        },
      ];
    });
    if (errors.length) throw invalid(errors);
    if (workflow.recipients.length > MAX_ESIGN_SIGNERS) {
      throw invalid([
        {
          path: `${FIELD}.signers`,
          message: `is required when there are more than ${MAX_ESIGN_SIGNERS} recipients: at most ${MAX_ESIGN_SIGNERS} people sign one document`,
        },
      ]);
    }
  }
  return { settings, signers: resolveSigners(e, workflow.recipients, workflow.requireOtp) };
}
