import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/http/problem";
import { templatesRoot } from "./confine-path";
import { loadTemplate } from "./load-template";
import type { Template } from "./types";

/**
 * The templates made for sending in batches: those whose front matter says how their documents go
 * out (`distribution`) and that are not a workflow's form (`workflow`). The API takes any template
 * with features.svcDispatch; a picker offering layout fixtures and workflow forms would only mislead.
 * Every tenant may use every template under TEMPLATES_DIR (there is no per-tenant list), so the list
 * is the same for everyone. A template that does not load is left out; POST /api/render names its fault.
 */
export async function listBatchTemplates(): Promise<Template[]> {
  const root = templatesRoot();
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const paths = entries
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .sort();
  const loaded = await Promise.all(
    paths.map((p) =>
      loadTemplate(p).catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      }),
    ),
  );
  return loaded
    .filter((t): t is Template => t !== null && !!t.distribution && !t.workflow)
    .sort((a, b) => a.title.localeCompare(b.title, "en-GB"));
}
