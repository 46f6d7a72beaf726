/** Portal access tokens live 4 hours (docs/spec.md, "Limits"): pure, so that the portal's pages can say so. */
export const PORTAL_TOKEN_HOURS = 4;
