import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Trace } from "@/lib/explain/assemble-trace";
import { layoutCases } from "../support/layout-cases";
import { eventually, startStack, type Stack } from "../support/stack";
import { uniqueCorrelationId } from "../support/workflow";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.stop());

describe("layout events in stored traces of real renders", () => {
  // The fixtures' front matter asks for the trace; see tests/support/layout-cases.ts for what each makes react-pdf do.
  for (const c of layoutCases()) {
    it(`${c.templatePath}: ${c.events.map((e) => e.kind).join(", ")}`, async () => {
      const correlationId = uniqueCorrelationId("layout");
      const res = await stack.api("submitter", "POST", "/api/render", {
        templatePath: c.templatePath,
        dataSource: c.record,
        options: { correlationId },
      });
      expect(res.status).toBe(200);
      const trace = await eventually(
        async () => {
          const r = await stack.api("submitter", "GET", `/api/explain/trace?correlationId=${correlationId}`);
          return r.status === 200 && ((await r.json()) as Trace);
        },
        30_000,
        `trace of ${correlationId}`,
      );
      expect(trace.layout.events.map(({ kind, line, pages }) => ({ kind, line, pages }))).toEqual(c.events);
      for (const e of c.events) {
        expect(trace.messages).toContainEqual(expect.objectContaining({ code: `layout.${e.kind.replace(/-/g, "_")}`, line: e.line }));
      }
    });
  }
});
