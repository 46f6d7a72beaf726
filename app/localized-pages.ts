/**
 * The pages written in every language so far, by their path (PAGE_PATH_HEADER): what each opens
 * gives it a stored language (app/i18n-request.ts) and an activity a change of language is recorded
 * in (app/language-action.ts). Every other page is English only, for now.
 */
export type LocalizedPage = { kind: "delivery"; token: string };

const DELIVERY_PAGE = /^\/d\/([^/]+)$/;

export function localizedPage(path: string | null): LocalizedPage | null {
  const token = DELIVERY_PAGE.exec(path ?? "")?.[1];
  return token === undefined ? null : { kind: "delivery", token };
}
