/**
 * The pages written in every language so far, by their address (PAGE_PATH_HEADER: the path and its
 * query): what each opens gives it a stored language (app/i18n-request.ts) and an activity a change
 * of language is recorded in (app/language-action.ts); their language menu posts to a server action,
 * so they take POST (allowed-methods.ts). Every other page is English only, for now.
 */
export type LocalizedPage =
  | { kind: "delivery"; token: string }
  | { kind: "signer"; token: string }
  /** The participant portal and the reviewer pages: the link's token (`pt`) and language (`lang`). */
  | { kind: "portal"; workflowId: string; token: string | null; lang: string | null };

const DELIVERY_PAGE = /^\/d\/([^/]+)$/;
const SIGNING_PAGE = /^\/sign\/([^/]+)$/;
const PORTAL_PAGE = /^\/portal\/([^/]+)$/;

export function localizedPage(address: string | null): LocalizedPage | null {
  if (!address) return null;
  let url: URL;
  try {
    url = new URL(address, "http://page.invalid");
  } catch {
    return null;
  }
  const delivery = DELIVERY_PAGE.exec(url.pathname)?.[1];
  if (delivery !== undefined) return { kind: "delivery", token: delivery };
  const signer = SIGNING_PAGE.exec(url.pathname)?.[1];
  if (signer !== undefined) return { kind: "signer", token: signer };
  const workflowId = PORTAL_PAGE.exec(url.pathname)?.[1];
  if (workflowId !== undefined)
    return { kind: "portal", workflowId, token: url.searchParams.get("pt"), lang: url.searchParams.get("lang") };
  return null;
}
