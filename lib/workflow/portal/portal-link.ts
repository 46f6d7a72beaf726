import { issuePortalToken, type ReviewerBinding } from "@/lib/auth/portal-token";
import { env } from "@/lib/env";
import { isSupportedLocale, type SupportedLocale } from "@/lib/i18n/locales";

/**
 * The portal address of a workflow with a token in `pt` (docs/spec.md, "Workflow create request":
 * portalUrl), and in `lang` the language of the participant the mail went to: the page opens in it
 * (the person's own choice from the menu still wins).
 */
export function portalUrl(workflowId: string, token: string, lang?: SupportedLocale): string {
  const url = new URL(`/portal/${workflowId}`, env().PUBLIC_BASE_URL);
  url.searchParams.set("pt", token);
  if (lang) url.searchParams.set("lang", lang);
  return url.toString();
}

/**
 * Mail in the outbox carries this placeholder instead of a portal address: the token is made when the
 * mail is handed to the SMTP server (lib/delivery/link-token.ts expands it), so no token is stored and
 * a mail sent late still holds four fresh hours. Without `reviewer` it is the participant's link; with
 * it, the reviewer link of that approver and stage (the email is base64url, so no character of an
 * address can end the placeholder early). `lang`: the participant's stored language, which the link
 * names so that the page opens in it; without one the page follows the browser.
 */
export const portalLinkPlaceholder = (workflowId: string, tenantId: string, reviewer?: ReviewerBinding, lang?: SupportedLocale): string =>
  reviewer
    ? `[[portal-link:reviewer:${reviewer.stage}:${Buffer.from(reviewer.email).toString("base64url")}:${workflowId}:${tenantId}]]`
    : `[[portal-link:participant${lang ? `.${lang}` : ""}:${workflowId}:${tenantId}]]`;

const TENANT = "[A-Za-z0-9][A-Za-z0-9._:-]{0,127}";
// The tenant id comes last because it may itself hold colons.
const PLACEHOLDER = new RegExp(
  String.raw`\[\[portal-link:(?:participant(?:\.([A-Za-z-]{2,7}))?:([0-9a-f-]{36}):(${TENANT})|reviewer:(\d{1,4}):([A-Za-z0-9_-]{1,500}):([0-9a-f-]{36}):(${TENANT}))\]\]`,
  "g",
);

export const expandPortalLinks = (text: string): string =>
  text.replace(
    PLACEHOLDER,
    (_, lang?: string, pWorkflow?: string, pTenant?: string, stage?: string, email?: string, rWorkflow?: string, rTenant?: string) =>
      pWorkflow
        ? portalUrl(
            pWorkflow,
            issuePortalToken({ workflowId: pWorkflow, tenantId: pTenant!, role: "participant" }),
            isSupportedLocale(lang) ? lang : undefined,
          )
        : portalUrl(
            rWorkflow!,
            issuePortalToken({
              workflowId: rWorkflow!,
              tenantId: rTenant!,
              role: "reviewer",
              reviewer: { stage: Number(stage), email: Buffer.from(email!, "base64url").toString() },
            }),
          ),
  );
