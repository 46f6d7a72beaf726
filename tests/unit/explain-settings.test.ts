import { afterEach, describe, expect, it } from "vitest";
import { renderRequestSchema } from "@/lib/batch/request-schema";
import { resetEnvCache } from "@/lib/env";
import { explainSettings, retentionMoments } from "@/lib/explain/settings";
import { parseTemplate } from "@/lib/templates/load-template";
import { createWorkflowBody } from "@/lib/workflow/api-schemas";

const premium = { tier: "premium" as const };
const DAY = 86_400_000;

afterEach(() => {
  delete process.env.EXPLAIN_ARCHIVE_AFTER_DAYS;
  delete process.env.EXPLAIN_RETENTION_YEARS;
  resetEnvCache();
});

describe("retention settings of a render", () => {
  it("takes each setting from the request's templateSettings, then features, then the front matter, then the deployment", () => {
    const on = { explainDocument: true };
    expect(explainSettings(premium, { features: on }, {}).retention).toEqual({ autoArchiveAfterDays: 30, traceRetentionYears: 2 });
    expect(explainSettings(premium, { features: on }, { autoArchiveAfterDays: 60, traceRetentionYears: 3 }).retention).toEqual({
      autoArchiveAfterDays: 60,
      traceRetentionYears: 3,
    });
    expect(
      explainSettings(
        premium,
        { templateSettings: { autoArchiveAfterDays: 5 }, features: { ...on, autoArchiveAfterDays: 9, traceRetentionYears: 4 } },
        { traceRetentionYears: 3 },
      ).retention,
    ).toEqual({ autoArchiveAfterDays: 5, traceRetentionYears: 4 });
    process.env.EXPLAIN_ARCHIVE_AFTER_DAYS = "12";
    process.env.EXPLAIN_RETENTION_YEARS = "5";
    resetEnvCache();
    expect(explainSettings(premium, { templateSettings: on }, {}).retention).toEqual({ autoArchiveAfterDays: 12, traceRetentionYears: 5 });
  });

  it("keeps no retention for a render that writes no trace", () => {
    expect(explainSettings(premium, { templateSettings: { autoArchiveAfterDays: 5 } }, {})).toEqual({ requestedBy: null, retention: null });
    expect(explainSettings({ tier: "standard" }, { features: { explainDocument: true, traceRetentionYears: 9 } }, {})).toEqual({
      requestedBy: null,
      retention: null,
    });
  });

  it("refuses settings that would delete a trace before archiving it, naming where each came from", () => {
    const refused = (request: Parameters<typeof explainSettings>[1], template: Parameters<typeof explainSettings>[2] = {}) => {
      try {
        explainSettings(premium, request, template);
      } catch (err) {
        return err as { code: string; message: string; extra: { errors: unknown[] } };
      }
      throw new Error("accepted");
    };
    const both = refused({ templateSettings: { explainDocument: true, autoArchiveAfterDays: 365, traceRetentionYears: 1 } });
    expect(both.code).toBe("explain.retention_conflict");
    expect(both.message).toContain("autoArchiveAfterDays (365) must be less than traceRetentionYears × 365 (365)");
    expect(both.extra.errors).toEqual([
      { path: "templateSettings.autoArchiveAfterDays", message: expect.any(String) },
      { path: "templateSettings.traceRetentionYears", message: expect.any(String) },
    ]);
    // Against the deployment's 2 years, and whether or not the render is traced: the request said it.
    const againstDefault = refused({ features: { autoArchiveAfterDays: 730 } });
    expect(againstDefault.message).toContain("retention from the deployment's EXPLAIN_RETENTION_YEARS");
    expect(againstDefault.extra.errors).toEqual([{ path: "features.autoArchiveAfterDays", message: expect.any(String) }]);
    // Against the front matter, when traced.
    expect(refused({ features: { explainDocument: true, traceRetentionYears: 1 } }, { autoArchiveAfterDays: 400 }).message).toContain(
      "archive from front matter autoArchiveAfterDays",
    );
    expect(explainSettings(premium, { features: { explainDocument: true, autoArchiveAfterDays: 729 } }, {}).retention).toEqual({
      autoArchiveAfterDays: 729,
      traceRetentionYears: 2,
    });
  });

  it("does not fail an untraced render over defaults it would not use", () => {
    process.env.EXPLAIN_ARCHIVE_AFTER_DAYS = "1000";
    resetEnvCache();
    expect(explainSettings(premium, {}, {})).toEqual({ requestedBy: null, retention: null });
    expect(() => explainSettings(premium, { features: { explainDocument: true } }, {})).toThrow(
      /archive from the deployment's EXPLAIN_ARCHIVE_AFTER_DAYS/,
    );
  });

  it("dates a trace's archive in days and its deletion in calendar months, as PostgreSQL adds them", () => {
    const t = new Date("2027-01-31T10:00:00.000Z");
    expect(retentionMoments(t, { autoArchiveAfterDays: 7, traceRetentionYears: 1 })).toEqual({
      archiveAfter: new Date(t.getTime() + 7 * DAY),
      deleteAfter: new Date("2028-01-31T10:00:00.000Z"),
    });
    // A fractional EXPLAIN_RETENTION_YEARS counts in whole months; a month from the 31st ends on the month's last day.
    expect(retentionMoments(t, { autoArchiveAfterDays: 1, traceRetentionYears: 1 / 12 }).deleteAfter).toEqual(
      new Date("2027-02-28T10:00:00.000Z"),
    );
    expect(retentionMoments(new Date("2028-02-29T00:00:00.000Z"), { autoArchiveAfterDays: 1, traceRetentionYears: 1 }).deleteAfter).toEqual(
      new Date("2029-02-28T00:00:00.000Z"),
    );
  });
});

describe("bad retention values in requests and front matter", () => {
  const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
    r.error?.issues.map((i) => i.path.join(".")) ?? [];
  const render = (settings: object, where: "templateSettings" | "features" = "templateSettings") =>
    issues(renderRequestSchema.safeParse({ templatePath: "a.md", dataSource: {}, [where]: settings }));

  it("accepts whole days 1–3650 and whole years 1–10 in templateSettings and features", () => {
    expect(render({ autoArchiveAfterDays: 1, traceRetentionYears: 10 })).toEqual([]);
    expect(render({ autoArchiveAfterDays: 3650, traceRetentionYears: 1 }, "features")).toEqual([]);
    for (const bad of [0, -1, 3651, 1.5, "30", null, true]) {
      expect(render({ autoArchiveAfterDays: bad }), String(bad)).toEqual(["templateSettings.autoArchiveAfterDays"]);
      expect(render({ autoArchiveAfterDays: bad }, "features"), String(bad)).toEqual(["features.autoArchiveAfterDays"]);
    }
    for (const bad of [0, 11, 2.5, "2", Number.NaN])
      expect(render({ traceRetentionYears: bad }), String(bad)).toEqual(["templateSettings.traceRetentionYears"]);
  });

  it("checks the workflow create request's templateSettings alike", () => {
    const wf = (s: object) => issues(createWorkflowBody.safeParse({ templatePath: "a.md", templateSettings: s }));
    expect(wf({ explainDocument: true, autoArchiveAfterDays: 90, traceRetentionYears: 7 })).toEqual([]);
    expect(wf({ autoArchiveAfterDays: 0, traceRetentionYears: 100 })).toEqual([
      "templateSettings.autoArchiveAfterDays",
      "templateSettings.traceRetentionYears",
    ]);
  });

  it("refuses front matter with a bad value or an archive after the deletion", async () => {
    const fm = (lines: string) => parseTemplate("t.md", `---\ntitle: T\n${lines}\n---\nBody\n`);
    await expect(fm("autoArchiveAfterDays: 14\ntraceRetentionYears: 7")).resolves.toMatchObject({
      autoArchiveAfterDays: 14,
      traceRetentionYears: 7,
    });
    await expect(fm("autoArchiveAfterDays: 0")).rejects.toMatchObject({
      code: "template.invalid",
      message: expect.stringContaining("autoArchiveAfterDays"),
    });
    await expect(fm("traceRetentionYears: 1\nautoArchiveAfterDays: 400")).rejects.toMatchObject({
      code: "template.invalid",
      message: expect.stringContaining("must be less than traceRetentionYears × 365"),
    });
    await expect(fm("traceRetentionYears: nine\nautoArchiveAfterDays: 400")).rejects.toMatchObject({
      code: "template.invalid",
      message: expect.stringContaining("traceRetentionYears"),
    });
  });
});
