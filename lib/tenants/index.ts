export { addTenant, updateTenant, removeTenant } from "./write";
export { applyTenants, type ApplyOutcome } from "./apply";
export { getTenant, listTenants, tenantDefaultLocale } from "./read";
export { TenantError, type TenantErrorCode } from "./errors";
export { KNOWN_FEATURES, TIERS, type Feature, type Tier, type NewTenant, type TenantPatch } from "./validation";
