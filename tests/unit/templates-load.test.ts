import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { loadTemplate } from "@/lib/templates/load-template";
import { createTempDataDir } from "../support/test-db";

let root: { dir: string; remove: () => void };
let outside: { dir: string; remove: () => void };

const minimal = (body = "# Hello {{name}}") => `---\ntitle: T\nfields:\n  - key: name\n    type: string\n---\n${body}\n`;

beforeAll(() => {
  root = createTempDataDir();
  outside = createTempDataDir();
  fs.writeFileSync(path.join(root.dir, "ok.md"), minimal());
  fs.mkdirSync(path.join(root.dir, "sub"));
  fs.writeFileSync(path.join(root.dir, "sub", "nested.md"), minimal());
  fs.writeFileSync(path.join(outside.dir, "secret.md"), minimal("TOP SECRET"));
  fs.symlinkSync(path.join(outside.dir, "secret.md"), path.join(root.dir, "link.md"));
  fs.writeFileSync(path.join(root.dir, "nofm.md"), "# no front matter");
  fs.writeFileSync(path.join(root.dir, "badfield.md"), "---\ntitle: T\nfields:\n  - key: 1bad\n    type: colour\n---\nx");
  fs.writeFileSync(path.join(root.dir, "badregex.md"), "---\ntitle: T\nfields:\n  - key: a\n    pattern: '('\n---\nx");
  fs.writeFileSync(path.join(root.dir, "badyaml.md"), "---\ntitle: [unclosed\n---\nx");
  process.env.TEMPLATES_DIR = root.dir;
  resetEnvCache();
});
afterAll(() => {
  root.remove();
  outside.remove();
  delete process.env.TEMPLATES_DIR;
  resetEnvCache();
});

async function codeOf(p: string): Promise<string> {
  try {
    await loadTemplate(p);
    return "loaded";
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
}

describe("loadTemplate", () => {
  it("loads templates inside TEMPLATES_DIR, nested ones too, and parses them once", async () => {
    const a = await loadTemplate("ok.md");
    expect(a.title).toBe("T");
    expect(a.fields[0]).toMatchObject({ key: "name", type: "string", required: false, severity: "error" });
    expect(await loadTemplate("ok.md")).toBe(a);
    expect((await loadTemplate("sub/nested.md")).title).toBe("T");
  });

  it("never leaves TEMPLATES_DIR: traversal, absolute paths, backslashes, symlinks out, other extensions", async () => {
    for (const p of [
      "../ok.md",
      "sub/../../x.md",
      "/etc/passwd",
      path.join(outside.dir, "secret.md"),
      "sub\\nested.md",
      "link.md",
      "ok.txt",
      "ok.md\0.md",
      "",
    ]) {
      expect([p, await codeOf(p)]).toEqual([p, "template.path_invalid"]);
    }
    expect(await codeOf("missing.md")).toBe("template.not_found");
  });

  it("reports broken front matter as template.invalid", async () => {
    for (const p of ["nofm.md", "badfield.md", "badregex.md", "badyaml.md"]) expect([p, await codeOf(p)]).toEqual([p, "template.invalid"]);
  });

  it("parses the demo templates in templates/", async () => {
    process.env.TEMPLATES_DIR = path.resolve("templates");
    resetEnvCache();
    try {
      const notice = await loadTemplate("notice.md");
      expect(new Set(notice.fields.map((f) => f.type))).toEqual(
        new Set(["string", "number", "integer", "boolean", "date", "email", "enum"]),
      );
      expect(notice.fields.some((f) => f.severity === "warning")).toBe(true);
      const statement = await loadTemplate("statement.md");
      expect(statement.distribution?.mode).toBe("combined");
    } finally {
      process.env.TEMPLATES_DIR = root.dir;
      resetEnvCache();
    }
  });
});
