import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Code comments say why, as the docs do: no dates, no figures measured on some run, no story of a
 * past run. A measurement belongs to the bench that makes it (docs/benchmarks.md), and the story of
 * a change to its commit message. A comment may still state a limit the code sets (a 15 s poll
 * timeout, a 1 MB upload cap) and say why it is what it is: limits are stated exactly, and a
 * measurement is reported ("took", "measured", "about 40 ms", "10–20% slower"), so a figure is
 * refused only beside such a word. Comments that cite the interface specification name a heading
 * docs/spec.md has.
 */
const root = path.resolve(__dirname, "../..");

interface Comment {
  file: string;
  /** 1-based line of the comment's first line. */
  line: number;
  text: string;
  /** Nothing but blanks before it on its first line. */
  alone: boolean;
}

// ---- the comments of the repository's code

const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Generated files (their generators' input is checked where it is written) and what is not Sealpost's code. */
const NOT_CHECKED = /^(client\/schema\.d\.ts|app\/api\/openapi\.json\/raised\.ts|drizzle\/|patches\/|templates\/|docs\/|stubs\/)/;
const isShell = (f: string) => f.endsWith(".sh") || f === ".ci/run";

/** The files git knows; without git (an unpacked archive), the tree less node_modules and hidden folders. */
function repositoryFiles(): string[] {
  const git = spawnSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" });
  if (git.status === 0) return git.stdout.split("\0").filter(Boolean);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (!e.isDirectory()) files.push(rel);
      else if (e.name !== "node_modules" && (!e.name.startsWith(".") || rel === ".ci")) walk(rel);
    }
  };
  walk("");
  return files;
}

const checkedFiles = () => repositoryFiles().filter((f) => (CODE.test(f) || isShell(f)) && !NOT_CHECKED.test(f));

const TEXT_LITERALS = new Set([
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
]);

/**
 * The comments of a TypeScript or JavaScript file, found by TypeScript's scanner. The parser marks
 * what the scanner alone would misread (JSX text, template literal text, regular expressions), and
 * the scanner steps over it.
 */
function codeComments(file: string, text: string): Comment[] {
  const jsx = /x$/.test(file);
  const kind = /\.[cm]?jsx?$/.test(file) ? (jsx ? ts.ScriptKind.JSX : ts.ScriptKind.JS) : jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const notCode: Array<[number, number]> = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) notCode.push([node.pos, node.end]);
    else if (TEXT_LITERALS.has(node.kind)) notCode.push([node.getStart(source), node.end]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  notCode.sort((a, b) => a[0] - b[0]);

  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const out: Comment[] = [];
  let next = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    const start = scanner.getTokenStart();
    while (next < notCode.length && notCode[next][1] <= start) next++;
    if (next < notCode.length && notCode[next][0] <= start) {
      scanner.resetTokenState(notCode[next][1]);
      continue;
    }
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) {
      const { line, character } = source.getLineAndCharacterOfPosition(start);
      const alone = text.slice(start - character, start).trim() === "";
      out.push({ file, line: line + 1, text: scanner.getTokenText(), alone });
    }
  }
  return joinLineComments(out, "//");
}

/** Line comments on consecutive lines read as one comment, as a reader reads them. */
function joinLineComments(comments: Comment[], marker: string): Comment[] {
  const out: Comment[] = [];
  for (const c of comments) {
    const last = out.at(-1);
    const next = last && last.alone && c.alone && last.text.startsWith(marker) && c.text.startsWith(marker);
    if (next && last.line + last.text.split("\n").length === c.line) {
      last.text += `\n${c.text}`;
    } else out.push({ ...c });
  }
  return out;
}

/** The comments of a shell script: from a `#` that starts a word to the end of its line (the shebang aside). */
function shellComments(file: string, text: string): Comment[] {
  const comments = text.split("\n").flatMap((l, i) => {
    const m = /(?:^|\s)(#(?!!).*)$/.exec(l);
    return m && !(i === 0 && l.startsWith("#!")) ? [{ file, line: i + 1, text: m[1], alone: l.trim() === m[1] }] : [];
  });
  return joinLineComments(comments, "#");
}

function commentsOf(file: string): Comment[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return isShell(file) ? shellComments(file, text) : codeComments(file, text);
}

// ---- what a comment may not carry

const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
/** A calendar day: "2026-11-28", "28 November 2026", "November 28, 2026". */
const DATE = new RegExp(
  `\\b(?:(?:19|20)\\d\\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])|\\d{1,2} (?:${MONTHS}) (?:19|20)\\d\\d|(?:${MONTHS}) \\d{1,2},? (?:19|20)\\d\\d)\\b`,
);
/** When something happened, or on which run: the history of a change, not a reason. */
const PAST_RUN =
  /\b(?:yesterday|last (?:night|week|month)|this morning|before the fix|(?:a|one|the|on a|in a) (?:busy |slow |loaded )?CI(?:-like)? (?:run|machine|host)|(?:slow|loaded|busy) (?:host|machine)\b.*\b(?:took|failed|found|seen))\b/i;
/** A figure with a unit of time, size or proportion: 37 s, 1.5 ms, 4–6 MB, 15%, 1.6x. */
const FIGURE = /\d[\d,._]*(?:\s*(?:–|-|to)\s*\d[\d,._]*)?\s*(?:ms|µs|us|s|secs?|seconds?|mins?|minutes?|[KMG]i?B|kB|%|x|×|percent)(?![\w])/;
/** Words that report a measurement rather than state a limit. */
const MEASURED =
  /\(measured\b|\bmeasured(?=[:)]|\s+(?:on|at|with|against)\b)|\b(?:profiled|took|takes about|costs?|grew|waited|(?:in|on) (?:most|one|some|every|all) runs?)\b|(?:\babout|\baround|\broughly|\bnearly|~|≈)(?=\s*\d)/i;
/** A figure that compares: "10–20% slower", "2x faster". */
const COMPARED = new RegExp(`${FIGURE.source}\\s+(?:slower|faster)\\b`);

/** Quoted text is a value a comment shows ("2027-03-10" as a person types it), not a date it tells. */
const unquoted = (text: string) => text.replace(/"[^"\n]*"|“[^”\n]*”|`[^`\n]*`/g, '""');

/** The problems of one comment: a date, a past run, a measured figure (beside a word that reports it, in one sentence). */
function commentProblems(text: string): string[] {
  const plain = unquoted(
    text
      .replace(/^\s*(?:\/\/+|\/\*+|\*+\/?|#)/gm, " ")
      .replace(/\*\/\s*$/, "")
      .replace(/\s+/g, " "),
  );
  const problems: string[] = [];
  const date = DATE.exec(plain);
  if (date) problems.push(`a date (${date[0]})`);
  const run = PAST_RUN.exec(plain);
  if (run) problems.push(`a past run (${run[0]})`);
  for (const sentence of plain.split(/(?<=[.;])\s/)) {
    const compared = COMPARED.exec(sentence);
    const figure = FIGURE.exec(sentence);
    const word = figure && MEASURED.exec(sentence);
    if (compared) problems.push(`a measured figure (${compared[0].trim()})`);
    else if (figure && word) problems.push(`a measured figure (${figure[0].trim()}, ${word[0].trim()})`);
  }
  return problems;
}

/**
 * Figures that are limits the code sets, although a word beside them reads as a report. Each entry
 * is a file and a piece of the comment; keep it short.
 */
const LIMITS: Array<{ file: string; text: string }> = [];

const allowed = (c: Comment) => LIMITS.some((l) => l.file === c.file && c.text.includes(l.text));

// ---- docs/spec.md, as comments cite it

/** The headings of docs/spec.md in lower case, whole and without their parenthesis ("batch summary (items of the list response)" and "batch summary"). */
function specHeadings(): Set<string> {
  const headings = [...fs.readFileSync(path.join(root, "docs/spec.md"), "utf8").matchAll(/^#{1,6}\s+(.*?)\s*$/gm)].map((m) =>
    m[1].toLowerCase(),
  );
  return new Set(headings.flatMap((h) => [h, h.replace(/\s*\(.*\)$/, "")]));
}

/** The sections a comment cites: the quoted headings that follow docs/spec.md and a comma. */
function specCitations(text: string): string[] {
  const flat = text.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, " ");
  return [...flat.matchAll(/docs\/spec\.md,((?:\s*"[^"]+",?)+)/g)].flatMap((m) => [...m[1].matchAll(/"([^"]+)"/g)].map((q) => q[1]));
}

// ---- the checks

describe("code comments", () => {
  const comments = checkedFiles().flatMap(commentsOf);

  it("are read in every folder of code and in the configuration beside them", () => {
    const folders = new Set(comments.map((c) => c.file.split("/")[0]));
    for (const f of [
      "app",
      "lib",
      "inngest",
      "scripts",
      "components",
      "client",
      "cli",
      "bench",
      "tests",
      "e2e",
      ".ci",
      "vitest.config.ts",
    ]) {
      expect(folders).toContain(f);
    }
  });

  it("carry no date, no past run and no measured figure", () => {
    const found = comments.flatMap((c) =>
      allowed(c) ? [] : commentProblems(c.text).map((p) => `${c.file}:${c.line}: ${p}: ${c.text.split("\n")[0].trim()}`),
    );
    expect(found).toEqual([]);
  });

  it("cite only sections that docs/spec.md has", () => {
    const headings = specHeadings();
    const cited = comments.flatMap((c) => specCitations(c.text).map((s) => ({ c, s })));
    expect(cited.length).toBeGreaterThan(20);
    const unknown = cited.filter(({ s }) => !headings.has(s.toLowerCase())).map(({ c, s }) => `${c.file}:${c.line}: docs/spec.md, "${s}"`);
    expect(unknown).toEqual([]);
  });

  it("keep an allow-list whose every entry is still needed", () => {
    const used = LIMITS.filter((l) => comments.some((c) => c.file === l.file && c.text.includes(l.text) && commentProblems(c.text).length));
    expect(used).toEqual(LIMITS);
  });
});

// The checker itself, on made-up comments: each must find what it is for, and leave limits alone.
describe("the comment checks", () => {
  it("refuse a date, a past run and a measured figure", () => {
    expect(commentProblems("// took 37 s on 2026-11-28")).toEqual(["a date (2026-11-28)", "a measured figure (37 s, took)"]);
    expect(commentProblems("/** On 28 November 2026 the poll timed out. */")).toEqual(["a date (28 November 2026)"]);
    expect(commentProblems("// The default poll gives up after one second (a CI run failed there).")).toEqual(["a past run (a CI run)"]);
    expect(commentProblems("# about 100 s less than one after the other")).toEqual(["a measured figure (100 s, about)"]);
    expect(commentProblems("/*\n * a message took ~40 ms on loopback\n */")).toEqual(["a measured figure (40 ms, took)"]);
    expect(commentProblems("// The first batch was 10–20% slower than the next ones.")).toEqual(["a measured figure (10–20% slower)"]);
    expect(commentProblems("/**\n * A second layout pass, a quarter of the layout\n * (measured 56 against 40 ms).\n */")).toEqual([
      "a measured figure (40 ms, (measured)",
    ]);
  });

  it("leave limits, reasons and quoted values alone", () => {
    for (const ok of [
      "// A page's server action can take seconds on a loaded machine; polls give up after 15 s.",
      "/** Multipart parts of a streamed upload; two in flight, so a bundle holds at most 16 MB in memory. */",
      '// One digit gets its zero, so "10 3 2027" is "2027-03-10".',
      "/** Lifetime of a portal one-time passcode (10 minutes); shorter only in tests. */",
      "// JSON Schema draft 2020-12, the dialect of OpenAPI 3.1.",
      "# tests poll jobs every 50 ms and lease for 3 s",
      "/** Waits until the cores have been nearly idle (at most 5 s), or it is charged to the side measured next. */",
      "// Participants pause 0.4–1.2 s (real participants are slower than this).",
      '/**\n * One line: "Email: use your work address\n * (warning, by 2026-04-01)".\n */',
    ]) {
      expect(commentProblems(ok), ok).toEqual([]);
    }
  });

  it("find comments in code, JSX and shell, and nothing in strings, templates, regular expressions or JSX text", () => {
    const tsx = [
      "const a = '// no'; // one",
      "const b = `/* no ${a /* two */} // no`;",
      "const c = /\\/\\/ no/.test(a) ? 1 : 2 / 3; /* three */",
      "const d = <p>Don't // no {/* four */}</p>;",
      "function e() {",
      "  // five",
      "  // six",
      "}",
    ].join("\n");
    expect(codeComments("x.tsx", tsx).map((c) => [c.line, c.text])).toEqual([
      [1, "// one"],
      [2, "/* two */"],
      [3, "/* three */"],
      [4, "/* four */"],
      [6, "// five\n// six"],
    ]);
    expect(shellComments("x.sh", '#!/usr/bin/env bash\n# one\necho "$#" # two\n').map((c) => c.text)).toEqual(["# one", "# two"]);
    expect(shellComments("x.sh", "# one\n# two\ntrue\n# three\n").map((c) => c.text)).toEqual(["# one\n# two", "# three"]);
  });

  it("read the spec sections a comment cites", () => {
    expect(specCitations('/**\n * The thresholds (docs/spec.md, "Limits",\n * "Authentication").\n */')).toEqual([
      "Limits",
      "Authentication",
    ]);
    expect(specHeadings()).toContain("limits");
    expect(specHeadings()).toContain("batch summary");
  });
});
