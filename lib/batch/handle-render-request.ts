import type { Principal } from "@/lib/auth/bearer";
import { AppError } from "@/lib/http/problem";
import { loadTemplate } from "@/lib/templates/load-template";
import type { RenderRequest } from "./request-schema";
import { batchDispatchRequested, resolveDistribution } from "./resolve-distribution";
import { renderSingle } from "./render-single";
import { submitBatch, type IntakeResult } from "./submit-batch";

export type RenderOutcome = { kind: "batch"; intake: IntakeResult } | { kind: "single"; pdf: Uint8Array; correlationId: string };

/** The one entry point of POST /api/render: an array dataSource is a governed batch, an object one document. */
export async function handleRenderRequest(principal: Principal, request: RenderRequest): Promise<RenderOutcome> {
  const template = await loadTemplate(request.templatePath ?? request.templateId ?? "");
  if (!Array.isArray(request.dataSource)) {
    const single = await renderSingle(principal, request, request.dataSource, template);
    return { kind: "single", ...single };
  }
  const distribution = resolveDistribution(template.distribution, request.templateSettings.distribution);
  if (!batchDispatchRequested(request.features.svcDispatch, distribution)) {
    throw new AppError(
      "batch.dispatch_not_enabled",
      "An array dataSource starts a batch: set features.svcDispatch to true (or enable distribution with requireApproval)",
    );
  }
  // Every element is a plain object: the request schema refuses anything else, naming its index.
  const records = request.dataSource as Record<string, unknown>[];
  return { kind: "batch", intake: await submitBatch(principal, request, records, template, distribution) };
}
