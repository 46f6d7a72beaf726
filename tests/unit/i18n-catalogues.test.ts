import fs from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createTranslator, IntlError } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { momentText } from "@/lib/format/moment-text";
import { messagesFor } from "@/lib/i18n/catalogues";
import { formats, TIME_ZONE } from "@/lib/i18n/formats";
import { DEFAULT_LOCALE, LOCALES, PSEUDO_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

/**
 * The catalogues in messages/ against English (en-GB) and against the code: every language has every
 * message and no other, each parses as ICU MessageFormat with English's arguments, each plural has
 * the forms its language needs, each message is used by the code, and each one formats.
 */
const root = path.resolve(__dirname, "../..");
const MESSAGES = path.join(root, "messages");

type Tree = { [key: string]: string | Tree };
const read = (tag: string): Tree => JSON.parse(fs.readFileSync(path.join(MESSAGES, `${tag}.json`), "utf8"));

/** Every message of a catalogue by its whole key ("recipient.closed.expired.body"). */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const tags = LOCALES.map((l) => l.tag);
const english = flatten(read(DEFAULT_LOCALE));
const catalogues = new Map(tags.map((t) => [t, flatten(read(t))]));

/** The arguments of a message: name → kind (argument, number, date, plural, select…), nested ones included. */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, string>()): Map<string, string> {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    if (e.type === TYPE.tag) {
      into.set(`<${e.value}>`, "tag");
      argumentsOf(e.children, into);
      continue;
    }
    into.set(e.value, TYPE[e.type]);
    if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) argumentsOf(o.value, into);
  }
  return into;
}

/** The plural arguments of a message, each with the forms it gives. */
function pluralsOf(elements: MessageFormatElement[], into: Array<{ name: string; forms: string[] }> = []) {
  for (const e of elements) {
    if (e.type === TYPE.plural) into.push({ name: e.value, forms: Object.keys(e.options) });
    if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) pluralsOf(o.value, into);
    if (e.type === TYPE.tag) pluralsOf(e.children, into);
  }
  return into;
}

const signature = (message: string) => [...argumentsOf(parse(message))].sort(([a], [b]) => a.localeCompare(b));

describe("the catalogues", () => {
  it("are one file per language of the menu, and nothing else", () => {
    const files = fs
      .readdirSync(MESSAGES)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.slice(0, -".json".length))
      .sort();
    expect(files).toEqual([...tags].sort());
    expect(tags).toHaveLength(25);
  });

  it("hold every English message in every language, and none that English lacks", () => {
    const problems = tags.flatMap((tag) => {
      const keys = catalogues.get(tag)!;
      return [
        ...[...english.keys()].filter((k) => !keys.has(k)).map((k) => `${tag}: ${k} is missing`),
        ...[...keys.keys()].filter((k) => !english.has(k)).map((k) => `${tag}: ${k} is not in English`),
      ];
    });
    expect(problems).toEqual([]);
  });

  it("parse as ICU MessageFormat, with English's placeholders, plurals and selects", () => {
    const problems: string[] = [];
    for (const [tag, messages] of catalogues) {
      for (const [key, message] of messages) {
        let mine: ReturnType<typeof signature>;
        try {
          mine = signature(message);
        } catch (err) {
          problems.push(`${tag} ${key}: does not parse (${(err as Error).message})`);
          continue;
        }
        const theirs = signature(english.get(key) ?? "");
        if (JSON.stringify(mine) !== JSON.stringify(theirs))
          problems.push(`${tag} ${key}: ${JSON.stringify(mine)}, English ${JSON.stringify(theirs)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("give every plural the forms its language's plural rules have (CLDR), and no others", () => {
    const problems: string[] = [];
    for (const [tag, messages] of catalogues) {
      const needed = new Intl.PluralRules(tag).resolvedOptions().pluralCategories as string[];
      for (const [key, message] of messages) {
        for (const { name, forms } of pluralsOf(parse(message))) {
          const missing = needed.filter((f) => !forms.includes(f));
          const stray = forms.filter((f) => !needed.includes(f) && !/^=\d+$/.test(f));
          if (missing.length) problems.push(`${tag} ${key} {${name}}: lacks ${missing.join(", ")}`);
          if (stray.length) problems.push(`${tag} ${key} {${name}}: ${stray.join(", ")} is no form of ${tag}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("use the typographic apostrophe: a straight one is ICU's quoting character and would swallow text", () => {
    const problems = [...catalogues].flatMap(([tag, messages]) =>
      [...messages].filter(([, m]) => m.includes("'")).map(([k]) => `${tag} ${k}`),
    );
    expect(problems).toEqual([]);
  });

  it("format every message in its language with values of each argument's kind", () => {
    const sample = (kind: string) =>
      kind === "date" || kind === "time" ? new Date("2026-12-01T18:25:00Z") : kind === "argument" ? "Acme" : 3;
    const problems: string[] = [];
    for (const tag of [...tags, PSEUDO_LOCALE] as Locale[]) {
      const t = createTranslator({
        locale: tag,
        messages: messagesFor(tag),
        formats,
        timeZone: TIME_ZONE,
        onError: (e: IntlError) => problems.push(`${tag}: ${e.message}`),
      });
      for (const [key, message] of english) {
        // A tag (`<b>{action}</b>`) is given as the function a page's t.rich gives it, here one that keeps its text.
        const values = Object.fromEntries(
          [...argumentsOf(parse(message))].map(([name, kind]) =>
            kind === "tag" ? [name.slice(1, -1), (chunks: unknown[]) => chunks.join("")] : [name, sample(kind)],
          ),
        );
        const text = (t as unknown as (k: string, v: object) => string)(key, values);
        if (!text || text === key) problems.push(`${tag} ${key}: nothing formatted`);
        if (/[{}]/.test(text.replace(/[⟦⟧]/g, ""))) problems.push(`${tag} ${key}: a placeholder was left in "${text}"`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("moments in messages", () => {
  it("are written as every other place writes them in that language (momentText), the zone named", () => {
    const d = new Date("2026-12-01T18:25:00Z");
    for (const tag of tags) {
      const text = translatorFor(tag)("recipient.until", { until: d, organisation: "Acme" });
      expect(text, tag).toContain(momentText(d, tag));
      expect(text, tag).toContain("UTC");
    }
  });
});

// ---- the code's use of the catalogues

const SOURCE_ROOTS = ["app", "lib", "components"];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [rel] : [];
  });
}

const sources = SOURCE_ROOTS.flatMap(sourceFiles).map((f) => ({ file: f, text: fs.readFileSync(path.join(root, f), "utf8") }));

/**
 * The keys the code names. The convention that makes them findable: a key is written out whole, from
 * the catalogue's root, as one string literal (`t("recipient.download")`, or a table of such
 * literals as closedLinkWords keeps); the translator is never given a namespace and no key is built
 * from pieces.
 */
const literals = new Set(sources.flatMap(({ text }) => [...text.matchAll(/(["'`])([a-z][A-Za-z]*(?:\.[A-Za-z]+)+)\1/g)].map((m) => m[2])));

describe("the code and the catalogues", () => {
  it("use every message of the catalogues", () => {
    expect([...english.keys()].filter((k) => !literals.has(k))).toEqual([]);
  });

  it("name only messages the catalogues have, with a whole key", () => {
    const calls = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\bt\(\s*(?:(["'`])([^"'`]*)\1|([^)"'`\s][^),]*))/g)].map((m) => ({ file, key: m[2] ?? m[3] })),
    );
    expect(calls.length).toBeGreaterThan(10);
    // A key held in a variable is found where the literal is written (closedLinkWords' table); here only literals are checked.
    const unknown = calls.filter((c) => c.key !== undefined && /^[a-z][A-Za-z]*\./.test(c.key) && !english.has(c.key));
    expect(unknown).toEqual([]);
  });

  it("give no translator a namespace, so that every key in the code is its whole key", () => {
    const namespaced = sources.filter(({ text }) => /\b(?:getTranslations|useTranslations)\(\s*["'`{]/.test(text)).map((s) => s.file);
    expect(namespaced).toEqual([]);
  });
});

describe("the pseudo-locale", () => {
  const pseudo = flatten(messagesFor(PSEUDO_LOCALE) as unknown as Tree);

  it("has English's messages with English's arguments, every letter of their text changed and their text longer", () => {
    for (const [key, message] of english) {
      const made = pseudo.get(key)!;
      expect(signature(made), key).toEqual(signature(message));
      const text = (m: string) =>
        parse(m)
          .filter((e) => e.type === TYPE.literal)
          .map((e) => e.value)
          .join("");
      expect(text(made), key).not.toMatch(/[A-Za-z]/);
      expect(text(made).length, key).toBeGreaterThanOrEqual(Math.floor(text(message).length * 1.2));
      expect(made.startsWith("⟦") && made.endsWith("⟧"), key).toBe(true);
    }
  });

  it("is not in the menu", () => {
    expect(tags).not.toContain(PSEUDO_LOCALE);
  });
});
