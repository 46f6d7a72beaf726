import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README, docs/ and patches/README.md checked against the code, so that they fail here when
 * they drift: links that lead nowhere, npm scripts, environment variables and repository paths that
 * do not exist, and a README that grew back into a manual.
 */
const root = path.resolve(__dirname, "../..");
const THIS_FILE = path.relative(root, __filename);
const read = (rel: string) => fs.readFileSync(path.join(root, rel), "utf8");

const docFiles = (): string[] => [
  "README.md",
  "patches/README.md",
  ...fs
    .readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((f) => `docs/${f}`),
];

// ---- markdown, just enough of it

interface Line {
  text: string;
  /** 1-based line number in the file. */
  no: number;
  /** Inside a fenced code block (the fence lines themselves included). */
  fenced: boolean;
}

function lines(md: string): Line[] {
  let fence: string | null = null;
  return md.split("\n").map((text, i) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (fence === null && open) {
      fence = open[1][0];
      return { text, no: i + 1, fenced: true };
    }
    if (fence !== null) {
      if (open && open[1][0] === fence && text.trim().replace(/[`~]/g, "") === "") fence = null;
      return { text, no: i + 1, fenced: true };
    }
    return { text, no: i + 1, fenced: false };
  });
}

const prose = (md: string) => lines(md).filter((l) => !l.fenced);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const l of prose(md)) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(l.text);
    if (!h) continue;
    const base = h[1]
      .replace(/<[^>]+>/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** Link targets of inline links `[text](target "title")` and reference definitions `[x]: target`. */
function linkTargets(md: string): Array<{ target: string; no: number }> {
  const out: Array<{ target: string; no: number }> = [];
  for (const l of prose(md)) {
    const text = l.text.replace(/`[^`]*`/g, "");
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push({ target: m[1], no: l.no });
    const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(text);
    if (def) out.push({ target: def[1], no: l.no });
  }
  return out;
}

/** Problems with the links of `file` (repository-relative): outside the repository, missing, or to an unknown anchor. */
function linkProblems(file: string, md: string, exists = (p: string) => fs.existsSync(p), readMd = read): string[] {
  const problems: string[] = [];
  for (const { target, no } of linkTargets(md)) {
    if (/^(https?:|mailto:)/i.test(target)) continue;
    if (target.includes("../shared")) {
      problems.push(`${file}:${no}: links to ${target}, which a clone does not have`);
      continue;
    }
    const [rawPath, anchor] = target.split("#", 2);
    const linkPath = decodeURIComponent(rawPath);
    const abs = linkPath ? path.resolve(path.dirname(path.join(root, file)), linkPath) : path.join(root, file);
    const rel = path.relative(root, abs);
    if (rel.startsWith("..") || path.isAbsolute(rel)) {
      problems.push(`${file}:${no}: links outside the repository (${target})`);
      continue;
    }
    if (!exists(abs)) {
      problems.push(`${file}:${no}: links to ${target}, which does not exist`);
      continue;
    }
    if (anchor && rel.endsWith(".md") && !anchors(linkPath ? readMd(rel) : md).has(anchor)) {
      problems.push(`${file}:${no}: links to ${target}, but ${rel} has no heading with that anchor`);
    }
  }
  return problems;
}

/** `npm run x`, `npm test`, `npm start` mentioned anywhere (code blocks included). */
function npmScripts(md: string): string[] {
  const names = [...md.matchAll(/\bnpm run ([A-Za-z][\w:.-]*[\w])/g)].map((m) => m[1]);
  names.push(...[...md.matchAll(/\bnpm (test|start)\b/g)].map((m) => m[1]));
  return [...new Set(names)];
}

/** Inline code spans outside fenced blocks. */
const codeSpans = (md: string) => prose(md).flatMap((l) => [...l.text.matchAll(/`([^`\n]+)`/g)].map((m) => ({ code: m[1], no: l.no })));

const PATH_PREFIXES = ["app", "lib", "scripts", "tests", "bench", "templates", "inngest", "e2e", "components"];

/** Repository paths written in backticks; a glob or placeholder (`*`, `<…>`, `{…}`) is checked up to where it starts. */
function repoPaths(md: string): Array<{ path: string; checked: string; no: number }> {
  const out: Array<{ path: string; checked: string; no: number }> = [];
  for (const { code, no } of codeSpans(md)) {
    if (!new RegExp(`^(${PATH_PREFIXES.join("|")})/\\S*$`).test(code)) continue;
    const checked = code.split(/[*<{…]/)[0].replace(/\/+$/, "");
    out.push({ path: code, checked, no });
  }
  return out;
}

/** Rows of the tables whose first header cell is "variable": the UPPER_CASE names in their first column. */
function tableVariables(md: string): Array<{ name: string; no: number }> {
  const out: Array<{ name: string; no: number }> = [];
  let inTable = false;
  for (const l of lines(md)) {
    const cells = l.fenced ? null : /^\s*\|(.*)\|\s*$/.exec(l.text)?.[1].split("|");
    if (!cells) {
      inTable = false;
      continue;
    }
    const first = cells[0].trim();
    if (/^-+$|^:?-+:?$/.test(first)) continue;
    if (first.toLowerCase() === "variable") {
      inTable = true;
      continue;
    }
    if (!inTable) continue;
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) out.push({ name: m[1], no: l.no });
  }
  return out;
}

/** The keys of the zod object lib/env.ts validates process.env with. */
function envKeys(source: string): string[] {
  const start = source.indexOf("const envSchema = z.object({");
  if (start < 0) return [];
  const end = source.indexOf("\n});", start);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

/** Every code file of the folders that read settings (this test excluded). */
function codeText(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== "node_modules" && !e.name.startsWith(".")) walk(rel);
      } else if (/\.(ts|tsx|mts|mjs|js|cjs)$/.test(e.name) && rel !== THIS_FILE) files.push(rel);
    }
  };
  for (const dir of ["lib", "scripts", "app", "inngest", "bench", "tests", "e2e"]) if (fs.existsSync(path.join(root, dir))) walk(dir);
  for (const f of fs.readdirSync(root)) if (/\.(ts|mjs|cjs)$/.test(f)) files.push(f);
  return files.map(read).join("\n");
}

/** The ```sh blocks of the README's "## Walk-through" section, in order. */
function walkThroughBlocks(md: string): string[] {
  const blocks: string[] = [];
  let inSection = false;
  let block: string[] | null = null;
  for (const l of lines(md)) {
    if (!l.fenced && /^#{1,2}\s/.test(l.text)) inSection = l.text.trim() === "## Walk-through";
    if (!inSection) continue;
    if (block === null && /^```sh\s*$/.test(l.text)) block = [];
    else if (block !== null && /^```\s*$/.test(l.text)) {
      blocks.push(block.join("\n"));
      block = null;
    } else if (block !== null) block.push(l.text);
  }
  return blocks;
}

const ORDINALS =
  "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|\\d+(?:st|nd|rd|th)";
/** "the fourteenth session…", "Review mend": the history of past work belongs in git log. */
const SESSION_NARRATION = new RegExp(`\\b(?:${ORDINALS}) session\\b|\\bReview mend\\b`, "i");

// ---- the checks

describe("README", () => {
  const readme = read("README.md");

  it("is at most 200 lines", () => {
    expect(readme.replace(/\n$/, "").split("\n").length).toBeLessThanOrEqual(200);
  });

  it("has a ## Walk-through section with sh blocks that bash can parse", () => {
    const blocks = walkThroughBlocks(readme);
    expect(blocks.length).toBeGreaterThan(0);
    const script = ["set -euo pipefail", ...blocks].join("\n");
    const bash = spawnSync("bash", ["-n"], { input: script, encoding: "utf8" });
    expect(bash.stderr).toBe("");
    expect(bash.status).toBe(0);
  });

  it("walks through against the dev server and IdP only, reading versions from answers", () => {
    const script = walkThroughBlocks(readme).join("\n");
    const hosts = [...script.matchAll(/https?:\/\/[^\s/"')]+/g)].map((m) => m[0]);
    expect(new Set(hosts)).toEqual(new Set(["http://localhost:3000", "http://127.0.0.1:9400"]));
    expect(script).not.toMatch(/"version"\s*:\s*\d/);
  });
});

describe("docs", () => {
  const files = docFiles();

  it("exist beside the README", () => {
    for (const f of ["architecture", "api", "operations", "templates", "benchmarks", "spec"]) expect(files).toContain(`docs/${f}.md`);
  });

  it("are each linked from the README", () => {
    const linked = new Set(linkTargets(read("README.md")).map((l) => l.target.split("#")[0]));
    expect(files.filter((f) => f !== "README.md" && !linked.has(f))).toEqual([]);
  });

  it("draw every job and every folder of lib/ in the architecture", () => {
    const architecture = read("docs/architecture.md");
    const definitions = path.join(root, "lib/jobs/definitions");
    const jobIds = fs
      .readdirSync(definitions)
      .flatMap((f) => [...fs.readFileSync(path.join(definitions, f), "utf8").matchAll(/^\s+id: "([a-z-]+)",$/gm)].map((m) => m[1]));
    expect(jobIds.length).toBeGreaterThan(10);
    const folders = fs
      .readdirSync(path.join(root, "lib"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `lib/${d.name}`);
    expect([...jobIds, ...folders].filter((name) => !architecture.includes(`\`${name}\``))).toEqual([]);
  });

  it("link only to files and headings that exist in the repository", () => {
    const problems = files.flatMap((f) => {
      const md = read(f);
      return [...linkProblems(f, md), ...(md.includes("../shared") ? [`${f}: mentions ../shared`] : [])];
    });
    expect(problems).toEqual([]);
  });

  it("name only npm scripts that package.json has", () => {
    const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
    const missing = files.flatMap((f) =>
      npmScripts(read(f))
        .filter((s) => !scripts.includes(s))
        .map((s) => `${f}: npm run ${s}`),
    );
    expect(missing).toEqual([]);
  });

  it("document every variable of lib/env.ts in the operations tables", () => {
    const keys = envKeys(read("lib/env.ts"));
    expect(keys.length).toBeGreaterThan(20);
    const documented = new Set(tableVariables(read("docs/operations.md")).map((v) => v.name));
    expect(keys.filter((k) => !documented.has(k))).toEqual([]);
  });

  it("list in their variable tables only variables the code reads", () => {
    const keys = new Set(envKeys(read("lib/env.ts")));
    const code = codeText();
    const unknown = files.flatMap((f) =>
      tableVariables(read(f))
        .filter((v) => !keys.has(v.name) && !new RegExp(`\\b${v.name}\\b`).test(code))
        .map((v) => `${f}:${v.no}: ${v.name}`),
    );
    expect(unknown).toEqual([]);
  });

  it("write in backticks only repository paths that exist", () => {
    // Folders the tests and the bench write (e2e/artifacts/…) are ignored by git and absent from a clone.
    const ignored = read(".gitignore")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => /^[\w.-]+\/[\w./-]*\/$/.test(l));
    const missing = files.flatMap((f) =>
      repoPaths(read(f))
        .filter((p) => !ignored.some((dir) => `${p.checked}/`.startsWith(dir)))
        .filter((p) => !fs.existsSync(path.join(root, p.checked)))
        .map((p) => `${f}:${p.no}: ${p.path}`),
    );
    expect(missing).toEqual([]);
  });

  it("tell no session history", () => {
    const told = files.flatMap((f) =>
      read(f)
        .split("\n")
        .flatMap((text, i) => (SESSION_NARRATION.test(text) ? [`${f}:${i + 1}: ${text.trim()}`] : [])),
    );
    expect(told).toEqual([]);
  });
});

// The checkers themselves, on made-up text: each must find what it is for.
describe("the docs checks", () => {
  it("find a missing file, a link out of the repository and an unknown anchor", () => {
    const md = [
      "[a](docs/nowhere.md) [b](../shared/DESIGN.md) [c](../../etc/passwd)",
      "[d](#missing) [e](#here) [f](https://example.com/x) [g](docs/api.md#conventions)",
      "## Here",
      "```",
      "[h](not-checked-in-a-code-block.md)",
      "```",
    ].join("\n");
    const problems = linkProblems("README.md", md);
    expect(problems.join("\n")).toMatch(/nowhere\.md, which does not exist/);
    expect(problems.join("\n")).toMatch(/\.\.\/shared\/DESIGN\.md, which a clone does not have/);
    expect(problems.join("\n")).toMatch(/links outside the repository/);
    expect(problems.join("\n")).toMatch(/#missing, but README\.md has no heading/);
    expect(problems).toHaveLength(4);
  });

  it("make anchors as GitHub does", () => {
    const a = anchors(
      "## POST /api/render\n### One-time passcodes (requireOtp)\n## `BENCH_ONLY` and more\n## Notes\n## Notes\n```\n# not a heading\n```",
    );
    expect([...a]).toEqual(["post-apirender", "one-time-passcodes-requireotp", "bench_only-and-more", "notes", "notes-1"]);
  });

  it("find npm scripts, repository paths, table variables and env keys", () => {
    expect(npmScripts("run `npm run test:integration:pglite`, then npm run admin -- tenant list; npm test")).toEqual([
      "test:integration:pglite",
      "admin",
      "test",
    ]);
    const paths = repoPaths("`lib/x/y.ts` `app/api/**/route.ts` `templates/<sha>.md` `lib/console/` `not/a/path` `lib/a b`");
    expect(paths.map((p) => p.checked)).toEqual(["lib/x/y.ts", "app/api", "templates", "lib/console"]);
    const table = "| variable | default |\n|---|---|\n| `ONE`, `TWO` | 1 |\n\n| other | x |\n|---|---|\n| `THREE` | 3 |";
    expect(tableVariables(table).map((v) => v.name)).toEqual(["ONE", "TWO"]);
    expect(envKeys("const envSchema = z.object({\n  A_B: z.string(),\n  /** c */\n  C: z.string(),\n});\nconst other = { D: 1 };")).toEqual(
      ["A_B", "C"],
    );
  });

  it("find the walk-through's sh blocks and nothing else", () => {
    const md =
      "## Set-up\n```sh\nnot this\n```\n## Walk-through\n```sh\none\n```\n```text\nnot this\n```\n```sh\ntwo\n```\n## Next\n```sh\nnot this\n```";
    expect(walkThroughBlocks(md)).toEqual(["one", "two"]);
    expect(SESSION_NARRATION.test("in the fourteenth session, it")).toBe(true);
    expect(SESSION_NARRATION.test("a console session")).toBe(false);
  });
});
