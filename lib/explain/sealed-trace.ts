import type { Workflow } from "@/lib/db/schema";
import type { TraceInput } from "./assemble-trace";
import { valueType } from "./capture";
import type { RenderFacts, TokenFact } from "./facts";
import { NO_POST_PROCESSING } from "@/lib/pdf/timings";

interface TracedSeal {
  facts: RenderFacts;
  layoutMs: number;
}

/**
 * The trace input of a sealed workflow PDF. Its data is the workflow's collected step data, not a
 * template body: each schema field is a "token" whose source is the step that holds it.
 */
export function sealedTrace(wf: Workflow, requestedBy: string, traced: TracedSeal, createdAt: Date): TraceInput {
  const tokens: TokenFact[] = wf.schema.steps.flatMap((step, i) =>
    step.fields.map((f) => {
      const value = wf.data[i]?.[f.key]?.value;
      const text = value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);
      return {
        token: f.key,
        source: value === undefined ? null : `steps[${i}].${f.key}`,
        valueType: valueType(value, value !== undefined),
        length: text.length,
      };
    }),
  );
  return {
    correlationId: wf.correlationId,
    tenantId: wf.tenantId,
    kind: "sealed-workflow",
    referenceId: wf.id,
    requestedBy,
    retention: wf.settings.explainRetention ?? null,
    template: { path: wf.templatePath, version: wf.templateVersion, title: wf.title },
    timings: {
      templateLoadMs: 0,
      dataBindingMs: 0,
      layoutMs: traced.layoutMs,
      postProcessingMs: NO_POST_PROCESSING,
      totalMs: traced.layoutMs,
    },
    facts: { ...traced.facts, binding: { tokens, sections: [], conditions: [] } },
    createdAt,
  };
}
