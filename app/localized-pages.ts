/**
 * The pages written in every language so far, by their path (PAGE_PATH_HEADER): what each opens
 * gives it a stored language (app/i18n-request.ts) and an activity a change of language is recorded
 * in (app/language-action.ts): a delivery's for the recipient's page, the workflow's for a signer's.
 * Every other page is English only, for now.
 */
export type LocalizedPage = { kind: "delivery"; token: string } | { kind: "signer"; token: string };

const DELIVERY_PAGE = /^\/d\/([^/]+)$/;
const SIGNING_PAGE = /^\/sign\/([^/]+)$/;

export function localizedPage(path: string | null): LocalizedPage | null {
  const delivery = DELIVERY_PAGE.exec(path ?? "")?.[1];
  if (delivery !== undefined) return { kind: "delivery", token: delivery };
  const signer = SIGNING_PAGE.exec(path ?? "")?.[1];
  return signer === undefined ? null : { kind: "signer", token: signer };
}
