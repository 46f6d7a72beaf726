import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmTableFromMarkdown } from "mdast-util-gfm-table";
import { gfmTable } from "micromark-extension-gfm-table";
import type { Image, Nodes } from "mdast";
import YAML from "yaml";
import { AppError } from "@/lib/http/problem";
import { parseOrThrow } from "@/lib/http/zod-errors";
import { annotateTokens, TemplateTokenError } from "./bind";
import { confinePath, templatesRoot } from "./confine-path";
import { checkPipes, markTokenPipes, parsePipes } from "./formatters";
import { frontMatterSchema } from "./front-matter";
import type { Template } from "./types";

const cache = new Map<string, { mtimeMs: number; template: Template }>();
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** Loads a template under TEMPLATES_DIR; parsed once and cached until the file changes. */
export async function loadTemplate(templatePath: string): Promise<Template> {
  const file = await confinePath(templatePath, /\.md$/);
  const stat = await fs.stat(file);
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === stat.mtimeMs) return hit.template;
  const template = await parseTemplate(templatePath, await fs.readFile(file, "utf8"));
  cache.set(file, { mtimeMs: stat.mtimeMs, template });
  return template;
}

export const templateVersion = (source: string) => createHash("sha256").update(source, "utf8").digest("hex");

/** Parses a template's text; `templatePath` names it in messages and anchors its images. */
export async function parseTemplate(templatePath: string, source: string): Promise<Template> {
  const m = FRONT_MATTER.exec(source);
  if (!m) throw new AppError("template.invalid", `${templatePath} has no YAML front matter (--- … ---)`);
  let raw: unknown;
  try {
    raw = YAML.parse(m[1]);
  } catch (err) {
    throw new AppError("template.invalid", `${templatePath}: front matter is not valid YAML: ${(err as Error).message}`);
  }
  const fm = parseOrThrow(frontMatterSchema, raw, "template.invalid", `front matter of ${templatePath}`);
  const patterns = new Map<string, RegExp>();
  for (const f of fm.fields) {
    if (!f.pattern) continue;
    try {
      patterns.set(f.key, new RegExp(f.pattern, "u"));
    } catch {
      throw new AppError("template.invalid", `${templatePath}: field ${f.key} has an invalid pattern`);
    }
  }
  // Tables are the one GFM extension templates get; autolinks are left out so text stays text.
  // Body positions count from the line after the front matter; traces name lines of the file.
  const bodyLine = source.slice(0, source.length - m[2].length).split("\n").length;
  const body = fromMarkdown(markTokenPipes(m[2]), { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  try {
    annotateTokens(body, (tail) => checkPipes(parsePipes(tail), fm.style.currency), bodyLine, templatePath);
  } catch (err) {
    if (err instanceof TemplateTokenError) throw new AppError("template.invalid", err.message);
    throw err;
  }
  joinSoftBreaks(body);
  return {
    path: templatePath,
    version: templateVersion(source),
    source,
    title: fm.title,
    locale: fm.locale,
    localeNamed: Object.hasOwn(Object(raw), "locale"),
    fields: fm.fields,
    patterns,
    distribution: fm.distribution,
    workflow: fm.workflow,
    explainDocument: fm.explainDocument,
    autoArchiveAfterDays: fm.autoArchiveAfterDays,
    traceRetentionYears: fm.traceRetentionYears,
    style: fm.style,
    bodyLine,
    explicitStyle: Object.keys(fm.style).filter((k) => Object.hasOwn(Object(Object(raw).style), k)),
    body,
    images: await loadImages(body),
  };
}

/** Images resolve only inside TEMPLATES_DIR; any other image is left out of the document. */
async function loadImages(root: Nodes): Promise<Map<string, Buffer>> {
  const urls: string[] = [];
  const walk = (n: Nodes) => {
    if (n.type === "image") urls.push((n as Image).url);
    if ("children" in n) n.children.forEach((c) => walk(c as Nodes));
  };
  walk(root);
  const images = new Map<string, Buffer>();
  for (const url of urls) {
    if (/^[a-z]+:/i.test(url)) continue;
    try {
      const file = await confinePath(url, /\.(png|jpe?g)$/i);
      images.set(url, await fs.readFile(file));
    } catch {
      console.warn(`[templates] image ${url} is outside ${path.relative(process.cwd(), templatesRoot())} or missing; left out`);
    }
  }
  return images;
}

/**
 * A line break inside a Markdown paragraph is a space (CommonMark's soft break), not a new line:
 * authors wrap their source lines, readers must not see those wraps. Done once, on the template's own
 * text; data bound later keeps its line breaks.
 */
function joinSoftBreaks(n: Nodes): void {
  if (n.type === "text") n.value = n.value.replace(/[ \t]*\r?\n[ \t]*/g, " ");
  if ("children" in n) n.children.forEach((c) => joinSoftBreaks(c as Nodes));
}
