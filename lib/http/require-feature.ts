import type { Principal } from "@/lib/auth/bearer";
import { AppError } from "./problem";

export function requireFeature(principal: Principal, feature: string): void {
  if (!principal.tenant.features.includes(feature)) {
    throw new AppError("licence.feature_missing", `The licence of tenant ${principal.tenant.id} does not include ${feature}`, {
      feature,
    });
  }
}
