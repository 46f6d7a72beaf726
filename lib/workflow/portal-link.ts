import { issuePortalToken, type PortalRole } from "@/lib/auth/portal-token";
import { env } from "@/lib/env";

/** The portal address of a workflow with a token in `pt` (spec: create response portalUrl). */
export function portalUrl(workflowId: string, token: string): string {
  const url = new URL(`/portal/${workflowId}`, env().PUBLIC_BASE_URL);
  url.searchParams.set("pt", token);
  return url.toString();
}

/**
 * Mail in the outbox carries this placeholder instead of a portal address: the token is made when the
 * mail is handed to the SMTP server (lib/delivery/link-token.ts expands it), so no token is stored and
 * a mail sent late still holds four fresh hours.
 */
export const portalLinkPlaceholder = (role: PortalRole, workflowId: string, tenantId: string): string =>
  `[[portal-link:${role}:${workflowId}:${tenantId}]]`;

const PLACEHOLDER = /\[\[portal-link:(participant|reviewer):([0-9a-f-]{36}):([A-Za-z0-9][A-Za-z0-9._:-]{0,127})\]\]/g;

export const expandPortalLinks = (text: string): string =>
  text.replace(PLACEHOLDER, (_, role: PortalRole, workflowId: string, tenantId: string) =>
    portalUrl(workflowId, issuePortalToken({ workflowId, tenantId, role })),
  );
