import type { Principal } from "@/lib/auth/bearer";
import { AppError } from "@/lib/http/problem";
import { newId } from "@/lib/ids";
import { renderFromTemplate } from "@/lib/pdf/render-pool";
import type { Template } from "@/lib/templates/types";
import { validateRecord } from "@/lib/templates/validate-record";
import type { RenderRequest } from "./request-schema";

/** An object dataSource renders one document synchronously (no batch, no approval). */
export async function renderSingle(
  _principal: Principal,
  request: RenderRequest,
  data: Record<string, unknown>,
  template: Template,
): Promise<{ pdf: Uint8Array; correlationId: string }> {
  const result = validateRecord(template, data);
  const errors = result.issues.filter((i) => i.severity === "error");
  if (errors.length) {
    throw new AppError("record.invalid", `The record failed validation: ${errors.map((e) => e.message).join("; ")}`, {
      errors: errors.map((e) => ({ path: `dataSource.${e.fieldKey}`, message: e.message })),
    });
  }
  const correlationId = request.options.correlationId ?? newId();
  const { pdf } = await renderFromTemplate({
    templatePath: template.path,
    record: data,
    meta: { correlationId, title: request.options.title ?? template.title, documentId: request.options.documentId ?? null },
  });
  return { pdf, correlationId };
}
