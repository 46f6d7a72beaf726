import { describe, expect, it } from "vitest";
import { createWorkflowBody } from "@/lib/workflow/api-schemas";

describe("the create body's callbackUrl", () => {
  it("refuses what is no URL as a field error, never by throwing (zod runs the later checks after .url() failed)", () => {
    for (const callbackUrl of ["", " ", "not a url", "http://", "://x", "http://[::1", "%00"]) {
      const r = createWorkflowBody.safeParse({ templatePath: "a.md", callbackUrl });
      expect(r.success, callbackUrl).toBe(false);
      expect(r.error?.issues.map((i) => i.path.join("."))).toContain("callbackUrl");
    }
  });

  it("takes http(s) URLs without credentials only", () => {
    const paths = (callbackUrl: string) =>
      createWorkflowBody.safeParse({ templatePath: "a.md", callbackUrl }).error?.issues.map((i) => i.message) ?? [];
    expect(paths("https://hooks.example.test/sealpost?x=1")).toEqual([]);
    expect(paths("ftp://example.test/hook")).toEqual(["must be an http or https URL"]);
    expect(paths("https://user:secret@example.test/hook")).toEqual(["must not contain a user name or password"]);
  });
});
