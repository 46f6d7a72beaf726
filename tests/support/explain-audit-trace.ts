import path from "node:path";
import { assembleTrace, type Trace, type TraceInput } from "@/lib/explain/assemble-trace";
import { linesReferenced } from "@/lib/explain/report/report-facts";
import { resetEnvCache } from "@/lib/env";
import renderTask from "@/lib/pdf/render-task";
import { loadTemplate } from "@/lib/templates/load-template";

/**
 * The explain reports' test document: tests/fixtures/templates/explain-audit.md rendered with a
 * record long enough to wrap over pages (60 items, long terms), traced, with the template lines the
 * trace refers to. `as` sets what the trace says it belongs to (a single render by default).
 * TEMPLATES_DIR points at the fixtures while it renders, and is put back afterwards.
 */
export async function auditTrace(
  as: Pick<TraceInput, "kind" | "referenceId" | "recordIndex"> = { kind: "single" },
): Promise<{ trace: Trace; lines: Record<number, string> }> {
  const before = process.env.TEMPLATES_DIR;
  process.env.TEMPLATES_DIR = path.resolve("tests/fixtures/templates");
  resetEnvCache();
  try {
    const items = Array.from({ length: 60 }, (_, i) => ({ label: `Item ${i + 1}`, amount: i * 10, currency: "EUR" }));
    const record = { customerId: "C100", name: "Ann Smith", items, terms: "These terms apply. ".repeat(30) };
    const r = await renderTask({
      templatePath: "explain-audit.md",
      record,
      meta: { correlationId: "report-1", title: "Audit" },
      explain: true,
    });
    const trace = assembleTrace({
      correlationId: "report-1",
      tenantId: "acme",
      ...as,
      requestedBy: "front matter explainDocument",
      template: r.template!,
      timings: r.timings,
      facts: r.explain!,
      createdAt: new Date("2026-11-23T10:00:00Z"),
    });
    const source = (await loadTemplate("explain-audit.md")).source.split("\n");
    return { trace, lines: Object.fromEntries(linesReferenced(trace).map((n) => [n, source[n - 1]])) };
  } finally {
    if (before === undefined) delete process.env.TEMPLATES_DIR;
    else process.env.TEMPLATES_DIR = before;
    resetEnvCache();
  }
}
