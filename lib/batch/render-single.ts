import type { Principal } from "@/lib/auth/bearer";
import { explainSettings } from "@/lib/explain/settings";
import { recordTrace } from "@/lib/explain/store";
import { AppError } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { renderFromTemplate } from "@/lib/pdf/render-pool";
import type { Template } from "@/lib/templates/types";
import { normalizeValues } from "@/lib/templates/normalize-value";
import { validateRecord } from "@/lib/templates/validate-record";
import type { RenderRequest } from "./request-schema";

/** An object dataSource renders one document synchronously (no batch, no approval). */
export async function renderSingle(
  principal: Principal,
  request: RenderRequest,
  data: Record<string, unknown>,
  template: Template,
): Promise<{ pdf: Uint8Array; correlationId: string }> {
  const { requestedBy, retention } = explainSettings(principal.tenant, request, template);
  data = normalizeValues(template.fields, data);
  const validation = validateRecord(template, data);
  const errors = validation.issues.filter((i) => i.severity === "error");
  if (errors.length) {
    throw new AppError("record.invalid", `The record failed validation: ${errors.map((e) => e.message).join("; ")}`, {
      errors: errors.map((e) => ({ path: `dataSource.${e.fieldKey}`, message: e.message })),
    });
  }
  const correlationId = request.options.correlationId ?? newId();
  const trace = requestedBy && {
    correlationId,
    tenantId: principal.tenant.id,
    kind: "single" as const,
    requestedBy,
    retention,
    recordWarnings: validation.issues.filter((i) => i.severity === "warning"),
    createdAt: new Date(),
  };
  try {
    const result = await renderFromTemplate({
      templatePath: template.path,
      record: data,
      meta: { correlationId, title: request.options.title ?? template.title, documentId: request.options.documentId ?? null },
      explain: requestedBy !== null,
    });
    if (trace) recordTrace({ ...trace, template: result.template ?? null, timings: result.timings, facts: result.explain });
    return { pdf: result.pdf, correlationId };
  } catch (err) {
    // A render that fails is traced too: why it failed is what its author needs most.
    if (trace)
      recordTrace({
        ...trace,
        template: { path: template.path, version: template.version, title: template.title },
        failure: (err as Error).message,
      });
    throw err;
  }
}
