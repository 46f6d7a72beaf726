import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/*
 * Sealpost's PDFs rely on patches of react-pdf, pdfkit, fontkit and pdf-lib (patches/README.md),
 * applied by patch-package when npm installs. Each patch is made against one version's built files:
 * a version npm picked on its own, or a patch that no longer applies, would leave documents
 * untagged, hyphenated inside ids or missing letters with nothing failing at install. These tests
 * hold each patched package to the version its patch was made for, and show that the install
 * fails when a patch does not apply.
 */
const root = path.resolve(__dirname, "../..");
const readJson = <T>(rel: string): T => JSON.parse(fs.readFileSync(path.join(root, rel), "utf8")) as T;

interface PackageJson {
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  overrides: Record<string, string>;
}
interface Lock {
  packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
}

interface Patch {
  file: string;
  name: string;
  version: string;
  /** The files it changes, as paths from the repository (node_modules/…). */
  changes: Array<{ file: string; added: string[] }>;
}

/** patches/<name>+<version>.patch, a scoped name's slash written as "+" (patch-package's naming). */
function parsePatch(file: string, text: string): Patch {
  const m = /^(@[^+]+\+[^+]+|[^@+][^+]*)\+([^+]+)\.patch$/.exec(file);
  if (!m) throw new Error(`${file} is not named <package>+<version>.patch`);
  const changes = text
    .split(/^diff --git /m)
    .slice(1)
    .map((section) => ({
      file: /^a\/(\S+)/.exec(section)![1],
      added: section
        .split("\n")
        .filter((l) => l.startsWith("+") && !l.startsWith("+++"))
        .map((l) => l.slice(1).trim())
        .filter(Boolean),
    }));
  return { file, name: m[1].replace("+", "/"), version: m[2], changes };
}

const patches = (): Patch[] =>
  fs
    .readdirSync(path.join(root, "patches"))
    .filter((f) => f.endsWith(".patch"))
    .sort()
    .map((f) => parsePatch(f, fs.readFileSync(path.join(root, "patches", f), "utf8")));

const patchPackage = path.join(root, "node_modules/patch-package/index.js");
const dirs: string[] = [];

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/**
 * patch-package run as the postinstall script runs it, on a throw-away app holding one package
 * (`demo`, index.js "const b = 2") and one patch of it ("const b = 3"). Outside CI: patch-package
 * fails an install on CI by itself, and under NODE_ENV=test (which vitest sets), but not on a
 * developer's machine or in an image build unless told to.
 */
function install(args: string[], installed: { version: string; b: number }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealpost-patches-"));
  dirs.push(dir);
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write("package.json", JSON.stringify({ name: "app", version: "1.0.0", dependencies: { demo: "1.0.0" } }));
  write("node_modules/demo/package.json", JSON.stringify({ name: "demo", version: installed.version }));
  write("node_modules/demo/index.js", `const a = 1;\nconst b = ${installed.b};\nmodule.exports = a + b;\n`);
  write(
    "patches/demo+1.0.0.patch",
    [
      "diff --git a/node_modules/demo/index.js b/node_modules/demo/index.js",
      "--- a/node_modules/demo/index.js",
      "+++ b/node_modules/demo/index.js",
      "@@ -1,3 +1,3 @@",
      " const a = 1;",
      "-const b = 2;",
      "+const b = 3;",
      " module.exports = a + b;",
      "",
    ].join("\n"),
  );
  const r = spawnSync(process.execPath, [patchPackage, ...args], {
    cwd: dir,
    encoding: "utf8",
    // A developer's shell, not the test runner's: no CI variables, NODE_ENV not "test".
    env: { PATH: process.env.PATH ?? "", HOME: dir, NODE_ENV: "development" },
  });
  return { status: r.status, out: r.stdout + r.stderr, code: fs.readFileSync(path.join(dir, "node_modules/demo/index.js"), "utf8") };
}

describe("patched packages", () => {
  const pkg = readJson<PackageJson>("package.json");
  const lock = readJson<Lock>("package-lock.json");
  const all = patches();

  it("are the seven patches/README.md describes, each in a section of its own", () => {
    const readme = fs.readFileSync(path.join(root, "patches/README.md"), "utf8");
    expect(all.map((p) => `${p.name}@${p.version}`)).toEqual([
      "@react-pdf/layout@5.2.0",
      "@react-pdf/render@4.7.0",
      "@react-pdf/renderer@4.9.0",
      "@react-pdf/textkit@7.0.1",
      "fontkit@2.0.4",
      "pdf-lib@1.17.1",
      "pdfkit@0.20.1",
    ]);
    for (const p of all) expect(readme).toMatch(new RegExp(`^## .*\`${p.file.replace(/[.+]/g, "\\$&")}\``, "m"));
  });

  it("are pinned to the version their patch was made for, so that npm cannot pick another", () => {
    const required = (name: string) =>
      Object.entries(lock.packages).some(([at, entry]) => at !== "" && entry.dependencies?.[name] !== undefined);
    for (const p of all) {
      const pins = [pkg.dependencies[p.name], pkg.overrides[p.name]].filter((v) => v !== undefined);
      expect(pins.length, `${p.name}: neither a dependency nor an override`).toBeGreaterThan(0);
      expect(pins, `${p.name} pinned`).toEqual(pins.map(() => p.version));
      // A package other packages require is held by an override: their ranges would float.
      if (required(p.name)) expect(pkg.overrides[p.name], `${p.name} override`).toBe(p.version);
    }
  });

  it("are installed once, at that version, with their patch applied (patch-package patches only the top-level copy)", () => {
    for (const p of all) {
      expect(lock.packages[`node_modules/${p.name}`]?.version, `${p.name} in package-lock.json`).toBe(p.version);
      expect(Object.keys(lock.packages).filter((at) => at.endsWith(`/node_modules/${p.name}`))).toEqual([]);
      expect(readJson<{ version: string }>(`node_modules/${p.name}/package.json`).version).toBe(p.version);
      for (const change of p.changes) {
        const installed = fs.readFileSync(path.join(root, change.file), "utf8");
        expect(
          change.added.filter((line) => !installed.includes(line)),
          `${change.file}: lines of ${p.file} missing`,
        ).toEqual([]);
      }
    }
  });
});

describe("npm install", () => {
  const postinstall = readJson<PackageJson>("package.json").scripts.postinstall.split(/\s+/);

  it("applies the patches with patch-package, failing on a patch that does not apply or was made for another version", () => {
    expect(postinstall[0]).toBe("patch-package");
    expect(postinstall).toContain("--error-on-fail");
    expect(postinstall).toContain("--error-on-warn");
  });

  it("fails when a patch does not apply, where patch-package alone would only print the error", () => {
    const changed = install(postinstall.slice(1), { version: "1.0.0", b: 4 });
    expect(changed.status).toBe(1);
    expect(changed.out).toContain("Failed to apply patch for package demo");
    expect(install([], { version: "1.0.0", b: 4 }).status).toBe(0);
  });

  it("fails when the installed version is not the one the patch was made for, even where it applies", () => {
    const other = install(postinstall.slice(1), { version: "1.0.1", b: 2 });
    expect(other.status).toBe(1);
    expect(other.out).toContain("patch file version mismatch");
  });

  it("applies a patch made for the installed version", () => {
    const same = install(postinstall.slice(1), { version: "1.0.0", b: 2 });
    expect(same.status).toBe(0);
    expect(same.code).toContain("const b = 3;");
  });
});
