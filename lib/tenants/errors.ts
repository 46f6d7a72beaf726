/**
 * Tenant administration fails in a few ways the CLI (and any future admin API) must tell apart:
 * a bad value, an id already taken, an id that does not exist, a tenant still referenced by data.
 */
export type TenantErrorCode = "tenant.invalid" | "tenant.exists" | "tenant.not_found" | "tenant.in_use";

export class TenantError extends Error {
  constructor(
    readonly code: TenantErrorCode,
    message: string,
    /** One line per offending field, e.g. `approvers[1]: Invalid email address`. */
    readonly issues: string[] = [],
  ) {
    super(issues.length ? `${message}:\n  ${issues.join("\n  ")}` : message);
    this.name = "TenantError";
  }
}
