import type { Tenant } from "@/lib/db/schema";

/** Tiers whose licence includes explain traces and reports (spec, Authentication 6). */
export const EXPLAIN_TIERS: readonly Tenant["tier"][] = ["premium", "enterprise"];

export const tierAllowsExplain = (tenant: Pick<Tenant, "tier">) => EXPLAIN_TIERS.includes(tenant.tier);

interface ExplainSettings {
  templateSettings?: { explainDocument?: boolean };
  features?: { explainDocument?: boolean };
}

/**
 * Which setting asks for a trace of this render, or null for none. The request overrides the
 * template's front matter (as with distribution settings), templateSettings before features; a
 * tenant whose licence cannot read traces gets none written.
 */
export function explainRequestedBy(tenant: Pick<Tenant, "tier">, request: ExplainSettings, template: { explainDocument?: boolean }): string | null {
  const asked: Array<[string, boolean | undefined]> = [
    ["templateSettings.explainDocument", request.templateSettings?.explainDocument],
    ["features.explainDocument", request.features?.explainDocument],
    ["front matter explainDocument", template.explainDocument],
  ];
  const first = asked.find(([, v]) => v !== undefined);
  return first?.[1] && tierAllowsExplain(tenant) ? first[0] : null;
}
