/**
 * The pages written in every language, by their address (PAGE_PATH_HEADER: the path and its query):
 * what each opens gives it a stored language (app/i18n-request.ts); their language menu posts to a
 * server action (app/language-action.ts), so they take POST (allowed-methods.ts). The pages for
 * people outside (a delivery's, a signer's, the portal's) also record a change of language in the
 * activity of what they open; the console (every /console path, the sign-in page included) has no
 * such activity: its stored language is the signed-in person's tenant's default.
 */
export type OutsidePage =
  | { kind: "delivery"; token: string }
  | { kind: "signer"; token: string }
  /** The participant portal and the reviewer pages: the link's token (`pt`) and language (`lang`). */
  | { kind: "portal"; workflowId: string; token: string | null; lang: string | null };

export type LocalizedPage = OutsidePage | { kind: "console" };

const DELIVERY_PAGE = /^\/d\/([^/]+)$/;
const SIGNING_PAGE = /^\/sign\/([^/]+)$/;
const PORTAL_PAGE = /^\/portal\/([^/]+)$/;
const CONSOLE_PAGE = /^\/console(?:\/|$)/;

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
  if (CONSOLE_PAGE.test(url.pathname)) return { kind: "console" };
  return null;
}
