import { describe, expect, it } from "vitest";
import { CONSOLE_HOME, safeConsolePath, signInPath } from "@/lib/console/callback-path";

describe("console callback paths", () => {
  it("keeps console paths with their query", () => {
    expect(safeConsolePath("/console/batches/0b6f0d5e-3f0a-4a8e-9a55-6a2b1f0c9d11")).toBe(
      "/console/batches/0b6f0d5e-3f0a-4a8e-9a55-6a2b1f0c9d11",
    );
    expect(safeConsolePath("/console/batches?state=processing&page=2")).toBe("/console/batches?state=processing&page=2");
    expect(safeConsolePath("/console")).toBe("/console");
  });

  it.each([
    "https://evil.example/console/batches",
    "//evil.example/console",
    "/\\evil.example/console",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/console/../api/dispatch/batch",
    "/consoleevil",
    "/api/auth/signout",
    "/console/sign-in?callbackUrl=/console",
    "/console/\nbatches",
    "",
    "console/batches",
    `/console/${"x".repeat(2001)}`,
  ])("refuses %j", (value) => {
    expect(safeConsolePath(value)).toBe(CONSOLE_HOME);
  });

  it("refuses what is not a string", () => {
    expect(safeConsolePath(undefined)).toBe(CONSOLE_HOME);
    expect(safeConsolePath(["/console"])).toBe(CONSOLE_HOME);
  });

  it("builds the sign-in address with the checked path", () => {
    expect(signInPath("/console/batches/1")).toBe("/console/sign-in?callbackUrl=%2Fconsole%2Fbatches%2F1");
    expect(signInPath("https://evil.example")).toBe("/console/sign-in?callbackUrl=%2Fconsole%2Fbatches");
  });
});
