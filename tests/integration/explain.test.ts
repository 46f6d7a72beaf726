import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Trace } from "@/lib/explain/assemble-trace";
import { readCorrelationId } from "@/lib/pdf/metadata";
import { pdfText } from "../support/pdf";
import { expectProblem } from "../support/problem";
import { eventually, renderedDocuments, type UserName } from "../support/stack";
import { startWorkflowStack, uniqueCorrelationId } from "../support/workflow";
import type { Stack } from "../support/stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startWorkflowStack();
});
afterAll(async () => stack?.stop());

const items = Array.from({ length: 60 }, (_, i) => ({ label: `Item ${i + 1}`, amount: i * 10, currency: "EUR" }));
const auditRecord = { customerId: "C100", name: "Ann Smith", items, terms: "These terms apply. ".repeat(30) };
const traceUrl = (id: string, param = "correlationId") => `/api/explain/trace?${param}=${encodeURIComponent(id)}`;

async function render(body: Record<string, unknown>, user: UserName = "submitter") {
  const res = await stack.api(user, "POST", "/api/render", body);
  expect(res.status).toBe(200);
  return { res, pdf: new Uint8Array(await res.arrayBuffer()) };
}

/** The trace once stored: until then the endpoint answers 404 with Retry-After, which is checked on the way. */
async function storedTrace(correlationId: string, user: UserName = "submitter"): Promise<Trace> {
  return eventually(
    async () => {
      const res = await stack.api(user, "GET", traceUrl(correlationId));
      if (res.status === 404) {
        expect(res.headers.get("retry-after")).toBe("2");
        expect((await expectProblem(res)).code).toBe("explain.trace_not_found");
        return null;
      }
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      return (await res.json()) as Trace;
    },
    30_000,
    `trace of ${correlationId}`,
  );
}

describe("a traced single render", () => {
  it("stores a trace whose every section holds the true facts of the fixture", async () => {
    const correlationId = uniqueCorrelationId("explain-single");
    const { res, pdf } = await render({ templatePath: "explain-audit.md", dataSource: auditRecord, options: { correlationId } });
    expect(res.headers.get("x-svc-correlationid")).toBe(correlationId);
    expect(await readCorrelationId(pdf)).toBe(correlationId); // the XMP CorrelationId names the trace
    const pages = (await PDFDocument.load(pdf)).getPageCount();

    const trace = await storedTrace(correlationId);
    expect(trace).toMatchObject({
      schema: "sealpost.explain-trace/1",
      correlationId,
      outcome: "rendered",
      render: { kind: "single", requestedBy: "front matter explainDocument" },
    });
    expect(trace.template).toMatchObject({ path: "explain-audit.md", title: "Explain audit" });
    expect(trace.template!.version).toMatch(/^[0-9a-f]{64}$/);
    // missing field
    expect(trace.dataBinding.missing).toEqual(["nickname"]);
    expect(trace.messages).toContainEqual(expect.objectContaining({ code: "binding.missing", line: 29, severity: "warning" }));
    // The words the report and the console write the messages from are stored, not answered: the API's messages are English.
    expect(trace.messages.filter((m) => "words" in m || "recoveryWords" in m)).toEqual([]);
    expect(trace.dataBinding.tokens.filter((t) => t.token === "amount")).toHaveLength(60);
    expect(trace.dataBinding.tokens.find((t) => t.token === "amount")!.source).toBe("items[0].amount");
    // skipped heading level
    expect(trace.accessibility.headings.result).toBe("FAIL");
    expect(trace.accessibility.headings.skippedLevels).toEqual([{ from: 1, to: 3, text: "### Details", line: 27 }]);
    // image without alt text
    expect(trace.accessibility.images).toMatchObject({
      total: 2,
      withAlt: 1,
      altCoveragePercent: 50,
      withoutAlt: [{ url: "images/banner.png", line: 25 }],
    });
    // low-contrast colour pair: the front matter's heading colour on the white page
    const low = trace.accessibility.contrast.pairs.find((p) => p.foreground === "#b8b8b8")!;
    expect(low).toMatchObject({ background: "#ffffff", ratio: 1.98, largeText: true, level: "FAIL", aa: false, aaa: false });
    expect(trace.styling!.page.headingColor).toEqual({ value: "#b8b8b8", from: "front matter style.headingColor" });
    // a block split over pages, and pages as the PDF has them
    expect(trace.layout.pageCount).toBe(pages);
    expect(trace.layout.events).toContainEqual(expect.objectContaining({ kind: "wrapped-across-pages", line: 33, pages: [1, 2] }));
    expect(trace.layout.pages.every((p) => p.elementCount > 0 && p.nodeCount > 0)).toBe(true);
    expect(trace.performance.layoutMs).toBeGreaterThan(0);
    expect(JSON.stringify(trace)).not.toContain("Ann Smith"); // record values stay out of traces
  });

  it("accepts id as the correlation id's other name, and writes no trace for an untraced or opted-out render", async () => {
    const traced = uniqueCorrelationId("explain-id");
    await render({
      templatePath: "letter.md",
      dataSource: { customerId: "C101", name: "Bo" },
      options: { correlationId: traced },
      features: { explainDocument: true },
    });
    const trace = await storedTrace(traced);
    expect(trace.render.requestedBy).toBe("features.explainDocument");
    const byId = await stack.api("submitter", "GET", traceUrl(traced, "id"));
    expect(byId.status).toBe(200);

    const plain = uniqueCorrelationId("explain-off");
    const optedOut = uniqueCorrelationId("explain-opted-out");
    await render({ templatePath: "letter.md", dataSource: { customerId: "C102", name: "Cy" }, options: { correlationId: plain } });
    await render({
      templatePath: "explain-audit.md",
      dataSource: auditRecord,
      options: { correlationId: optedOut },
      templateSettings: { explainDocument: false },
    });
    // A traced render issued after both is stored: the untraced ones had every chance to be.
    const after = uniqueCorrelationId("explain-after");
    await render({
      templatePath: "letter.md",
      dataSource: { customerId: "C103", name: "Di" },
      options: { correlationId: after },
      features: { explainDocument: true },
    });
    await storedTrace(after);
    for (const id of [plain, optedOut]) {
      const res = await stack.api("submitter", "GET", traceUrl(id));
      await expectProblem(res, 404, "explain.trace_not_found");
      expect(res.headers.get("retry-after")).toBe("2");
    }
  });
});

describe("batch records and sealed workflows", () => {
  it("traces every record of a batch under its own correlation id", async () => {
    const res = await stack.api("submitter", "POST", "/api/render", {
      templatePath: "letter.md",
      dataSource: [
        { customerId: "C201", name: "Ed" },
        { customerId: "C202", name: "Flo" },
      ],
      features: { svcDispatch: true, explainDocument: true },
      templateSettings: { distribution: { requireApproval: false, deliveryConfig: { mode: "none" } } },
    });
    expect(res.status).toBe(202);
    const batchId = res.headers.get("x-svc-batchid")!;
    const docs = await renderedDocuments(stack, batchId);
    for (const [i, doc] of docs.entries()) {
      const trace = await storedTrace(doc.correlationId);
      expect(trace.render).toEqual({ kind: "batch-record", referenceId: batchId, recordIndex: i, requestedBy: "features.explainDocument" });
      expect(trace.dataBinding.missing).toEqual(["amount"]);
      const pdf = new Uint8Array(
        await (await stack.api("submitter", "GET", `/api/dispatch/batch/${batchId}/documents/${i}`)).arrayBuffer(),
      );
      expect(await readCorrelationId(pdf)).toBe(doc.correlationId);
    }
  });

  it("traces the sealed PDF of a workflow", async () => {
    const correlationId = uniqueCorrelationId("explain-seal");
    const created = await stack.api("submitter", "POST", "/api/workflow", {
      templatePath: "workflow/governance.md",
      correlationId,
      templateSettings: { workflow: { recipients: [{ email: "gov@example.test" }] }, explainDocument: true },
      initialData: { amount: 120.5, costCentre: "OPS" },
    });
    const { workflowId } = await created.json();
    expect((await stack.api("submitter", "POST", `/api/workflow/${workflowId}/seal`)).status).toBe(200);
    const trace = await storedTrace(correlationId);
    expect(trace.render).toMatchObject({
      kind: "sealed-workflow",
      referenceId: workflowId,
      requestedBy: "templateSettings.explainDocument",
    });
    expect(trace.template).toMatchObject({ path: "workflow/governance.md" });
    expect(trace.dataBinding.tokens).toContainEqual(expect.objectContaining({ token: "costCentre", valueType: "string", length: 3 }));
    expect(trace.accessibility.headings.outline[0]).toMatchObject({ depth: 1, text: "Sealed workflow record" });
    expect(trace.layout.pageCount).toBeGreaterThan(0);
  });
});

describe("reports", () => {
  const reportUrl = (id: string, mode?: string) => `/api/explain/generate-pdf?id=${encodeURIComponent(id)}${mode ? `&mode=${mode}` : ""}`;

  it("makes the summary and the detailed report of a trace, caches them, and reads back as text", async () => {
    const correlationId = uniqueCorrelationId("explain-report");
    await render({ templatePath: "explain-audit.md", dataSource: auditRecord, options: { correlationId } });
    await storedTrace(correlationId);

    const first = await stack.api("submitter", "GET", reportUrl(correlationId)); // mode defaults to summary
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/pdf");
    expect(first.headers.get("content-disposition")).toMatch(/^inline; filename="explain-summary.pdf"/);
    expect(first.headers.get("x-svc-correlationid")).toBe(correlationId);
    expect(first.headers.get("x-svc-report-cache")).toBe("miss");
    expect(first.headers.get("content-language")).toBe("en-GB"); // acme names no default language
    const summary = new Uint8Array(await first.arrayBuffer());
    expect(await readCorrelationId(summary)).toBe(correlationId);
    const text = await pdfText(summary);
    expect(text).toContain("Explain report: summary");
    expect(text).toContain(
      "WARNING binding.missing {{nickname}} has no value in the record; it was left blank Template line 29: Customer {{customerId}} ({{nickname}}) has the following items.",
    );
    expect(text).toContain("WARNING a11y.heading_level_skipped");
    expect(text).toContain("comes with the accessibility feature"); // acme's licence has no accessibility feature
    expect(text).not.toContain("Ann Smith");

    const again = await stack.api("submitter", "GET", reportUrl(correlationId, "summary"));
    expect(again.headers.get("x-svc-report-cache")).toBe("hit");
    expect(again.headers.get("last-modified")).toBe(first.headers.get("last-modified"));
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(summary))).toBe(true);

    const detailed = await stack.api("submitter", "POST", "/api/explain/generate-pdf", { correlationId, mode: "detailed" });
    expect(detailed.status).toBe(200);
    expect(detailed.headers.get("content-disposition")).toMatch(/^inline; filename="explain-detailed.pdf"/);
    const detailedText = await pdfText(new Uint8Array(await detailed.arrayBuffer()));
    for (const heading of [
      "Explain report: detailed",
      "All messages",
      "Data binding",
      "Layout",
      "Styling decisions",
      "Accessibility details",
    ])
      expect(detailedText).toContain(heading);
    expect(detailedText).toContain("{{amount}} items[0].amount … items[59].amount (60 times), number");
    expect(detailedText).toContain("Wrapped across pages Pages 1, 2: list");
  });

  it("writes the report in the language asked for, names it in Content-Language, and caches it apart from the others", async () => {
    const correlationId = uniqueCorrelationId("explain-report-lang");
    await render({ templatePath: "explain-audit.md", dataSource: auditRecord, options: { correlationId } });
    await storedTrace(correlationId);

    const french = await stack.api("submitter", "GET", `${reportUrl(correlationId, "summary")}&lang=fr-FR`);
    expect(french.status).toBe(200);
    expect(french.headers.get("content-language")).toBe("fr");
    expect(french.headers.get("x-svc-report-cache")).toBe("miss");
    const text = (await pdfText(new Uint8Array(await french.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("Rapport explicatif : synthèse");
    expect(text).not.toContain("Explain report");
    // Sealpost's trace message is French too, its {{token}} as the template writes it.
    expect(text).toContain("AVERTISSEMENT binding.missing {{nickname}} n’a pas de valeur dans l’enregistrement");
    expect(text).not.toContain("has no value in the record");

    const english = await stack.api("submitter", "GET", reportUrl(correlationId, "summary"));
    expect(english.headers.get("content-language")).toBe("en-GB");
    expect(english.headers.get("x-svc-report-cache")).toBe("miss"); // not the French one
    const arabic = await stack.api("submitter", "POST", "/api/explain/generate-pdf", { correlationId, lang: "ar" });
    expect(arabic.headers.get("content-language")).toBe("ar");
    const again = await stack.api("submitter", "GET", `${reportUrl(correlationId, "summary")}&lang=fr`);
    expect(again.headers.get("x-svc-report-cache")).toBe("hit");
    // Accept-Language names an HTTP library's default, not a reader: it is not read.
    const accept = await stack.api("submitter", "GET", reportUrl(correlationId, "summary"), undefined, { "accept-language": "de" });
    expect(accept.headers.get("content-language")).toBe("en-GB");

    await expectProblem(await stack.api("submitter", "GET", `${reportUrl(correlationId)}&lang=xx`), 400, "request.invalid");
    await expectProblem(
      await stack.api("submitter", "POST", "/api/explain/generate-pdf", { correlationId, lang: "klingon" }),
      400,
      "request.invalid",
    );
  });

  it("adds the accessibility scorecard for a licence with the accessibility feature, failing each fault of the fixture", async () => {
    const correlationId = uniqueCorrelationId("explain-scorecard");
    await render({ templatePath: "explain-audit.md", dataSource: auditRecord, options: { correlationId } });
    await storedTrace(correlationId);
    await setTenant("acme", ["--features", "batchDispatch,explain,workflow,accessibility"]);
    try {
      const res = await stack.api("submitter", "GET", reportUrl(correlationId, "summary"));
      expect(res.status).toBe(200);
      const text = await pdfText(new Uint8Array(await res.arrayBuffer()));
      expect(text).toContain("Heading hierarchy FAIL level 3 follows level 1 (line 27)");
      expect(text).toMatch(/Text contrast FAIL lowest #b8b8b8 on #ffffff: 1\.98:1/);
      expect(text).toContain("Alt-text coverage 50 % FAIL 1 of 2 images described");
    } finally {
      await setTenant("acme", ["--features", "batchDispatch,explain,workflow"]);
    }
  });

  it("checks token, licence, tenant and input on GET and POST", async () => {
    const correlationId = uniqueCorrelationId("explain-report-guard");
    await render({
      templatePath: "letter.md",
      dataSource: { customerId: "C401", name: "Hal" },
      options: { correlationId },
      features: { explainDocument: true },
    });
    await storedTrace(correlationId);
    await expectProblem(await stack.api(null, "GET", reportUrl(correlationId)), 401, "auth.token_missing");
    await expectProblem(await stack.api("outsider", "GET", reportUrl(correlationId)), 403, "licence.tier_required");
    await expectProblem(
      await stack.api("unlicensed", "POST", "/api/explain/generate-pdf", { correlationId }),
      403,
      "licence.tier_required",
    );
    const unknown = await stack.api("submitter", "GET", reportUrl("no-such-trace"));
    await expectProblem(unknown, 404, "explain.trace_not_found");
    expect(unknown.headers.get("retry-after")).toBe("2");
    await setGlobexTier("enterprise");
    try {
      await expectProblem(
        await stack.api("outsider", "POST", "/api/explain/generate-pdf", { correlationId, mode: "summary" }),
        404,
        "explain.trace_not_found",
      );
    } finally {
      await setGlobexTier("standard");
    }
    await expectProblem(await stack.api("submitter", "GET", reportUrl(correlationId, "full")), 400, "request.invalid");
    await expectProblem(await stack.api("submitter", "GET", "/api/explain/generate-pdf?mode=summary"), 400, "request.invalid");
    await expectProblem(await stack.api("submitter", "POST", "/api/explain/generate-pdf", { mode: "summary" }), 400, "request.invalid");
    await expectProblem(
      await stack.api("submitter", "POST", "/api/explain/generate-pdf", { correlationId, mode: 3 }),
      400,
      "request.invalid",
    );
    await expectProblem(await stack.api("submitter", "POST", "/api/explain/generate-pdf", "{"), 400);
    const put = await stack.api("submitter", "PUT", "/api/explain/generate-pdf", { correlationId });
    await expectProblem(put, 405, "request.method_not_allowed");
    expect(put.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });
});

/** PGlite admits one process per data directory: there the admin CLI runs while the server is stopped. */
async function setTenant(id: string, args: string[]) {
  if (stack.kind === "pglite") await stack.stopServer();
  await stack.admin("tenant", "update", "--id", id, ...args);
  if (stack.kind === "pglite") await stack.startServer();
}
const setGlobexTier = (tier: string) => setTenant("globex", ["--tier", tier]);

describe("who may read a trace", () => {
  it("keeps traces to their tenant and to premium and enterprise licences", async () => {
    const correlationId = uniqueCorrelationId("explain-tenant");
    await render({
      templatePath: "letter.md",
      dataSource: { customerId: "C301", name: "Gus" },
      options: { correlationId },
      features: { explainDocument: true },
    });
    await storedTrace(correlationId);

    // globex is on the standard tier: refused before anything is looked up.
    await expectProblem(await stack.api("outsider", "GET", traceUrl(correlationId)), 403, "licence.tier_required");
    await expectProblem(await stack.api("unlicensed", "GET", traceUrl(correlationId)), 403, "licence.tier_required");
    await expectProblem(await stack.api(null, "GET", traceUrl(correlationId)), 401, "auth.token_missing");
    // On a licence that allows traces, another tenant's trace is one it has not got.
    await setGlobexTier("enterprise");
    try {
      const res = await stack.api("outsider", "GET", traceUrl(correlationId));
      await expectProblem(res, 404, "explain.trace_not_found");
    } finally {
      await setGlobexTier("standard");
    }
  });

  it("answers bad input with problem+json codes", async () => {
    await expectProblem(await stack.api("submitter", "GET", "/api/explain/trace"), 400, "request.invalid");
    await expectProblem(await stack.api("submitter", "GET", "/api/explain/trace?id=a&correlationId=b"), 400, "request.invalid");
    await expectProblem(await stack.api("submitter", "GET", `/api/explain/trace?id=${"x".repeat(201)}`), 400, "request.invalid");
    await expectProblem(await stack.api("submitter", "GET", "/api/explain/trace?id=%00"), 400, "request.invalid_characters");
    const post = await stack.api("submitter", "POST", "/api/explain/trace", {});
    await expectProblem(post, 405, "request.method_not_allowed");
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
