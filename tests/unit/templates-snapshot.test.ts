import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { loadTemplate } from "@/lib/templates/load-template";
import { loadTemplateVersion, snapshotTemplate } from "@/lib/templates/snapshot";
import { createTempDataDir } from "../support/test-db";

let templates: { dir: string; remove: () => void };
let data: { dir: string; remove: () => void };
const file = () => path.join(templates.dir, "t.md");
const text = (title: string) => `---\ntitle: ${title}\nfields:\n  - key: name\n    type: string\n---\n# Hello {{name}}\n`;

beforeAll(() => {
  templates = createTempDataDir();
  data = createTempDataDir();
  process.env.TEMPLATES_DIR = templates.dir;
  process.env.DATA_DIR = data.dir;
  resetEnvCache();
});
afterAll(() => {
  templates.remove();
  data.remove();
  delete process.env.TEMPLATES_DIR;
  delete process.env.DATA_DIR;
  resetEnvCache();
});

describe("template versions", () => {
  it("renders a snapshotted version after the file is edited or removed, and the new version once asked for it", async () => {
    fs.writeFileSync(file(), text("First"));
    const first = await loadTemplate("t.md");
    await snapshotTemplate(first);

    fs.writeFileSync(file(), text("Second"));
    const second = await loadTemplate("t.md");
    expect(second.version).not.toBe(first.version);
    expect((await loadTemplateVersion("t.md", first.version)).title).toBe("First");
    expect(await loadTemplateVersion("t.md", second.version)).toBe(second); // the file itself, no snapshot needed

    fs.rmSync(file());
    const kept = await loadTemplateVersion("t.md", first.version);
    expect([kept.title, kept.version]).toEqual(["First", first.version]);
  });

  it("says which version is gone when neither the file nor a snapshot has it", async () => {
    fs.writeFileSync(file(), text("Third"));
    const third = await loadTemplate("t.md");
    fs.writeFileSync(file(), text("Fourth"));
    await expect(loadTemplateVersion("t.md", third.version)).rejects.toMatchObject({
      code: "template.not_found",
      message: expect.stringContaining(third.version.slice(0, 12)),
    });
  });
});
