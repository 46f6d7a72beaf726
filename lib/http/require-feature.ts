import type { Principal } from "@/lib/auth/bearer";
import { AppError } from "./problem";

export function requireFeature(principal: Principal, feature: string): void {
  if (!principal.tenant.features.includes(feature)) {
    throw new AppError("licence.feature_missing", `The licence of tenant ${principal.tenant.id} does not include ${feature}`, {
      feature,
    });
  }
}

export function requireTier(principal: Principal, tiers: readonly string[]): void {
  if (!tiers.includes(principal.tenant.tier)) {
    throw new AppError(
      "licence.tier_required",
      `This needs a ${tiers.join(" or ")} licence; tenant ${principal.tenant.id} has ${principal.tenant.tier}`,
      {
        tier: principal.tenant.tier,
        requiredTiers: tiers,
      },
    );
  }
}
