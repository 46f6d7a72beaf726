import { getBlobStore } from "@/lib/blob/store";
import { AppError } from "@/lib/http/problem";
import { loadTemplate, parseTemplate, templateVersion } from "./load-template";
import type { Template } from "./types";

/**
 * A batch is rendered with the template version it was validated against and approved with, even if
 * the file is edited or removed in between. Versions are content-addressed in the blob store; images
 * still come from TEMPLATES_DIR as it is at render time.
 */
const snapshotKey = (version: string) => `templates/${version}.md`;

const parsed = new Map<string, Template>();
const KEEP_PARSED = 32;

/** Stores the template's text under its version (once: the same text is the same key). */
export async function snapshotTemplate(template: Template): Promise<void> {
  const blobs = getBlobStore();
  const key = snapshotKey(template.version);
  if (!(await blobs.exists(key))) await blobs.put(key, Buffer.from(template.source, "utf8"), "text/markdown");
}

/** The template at `templatePath` as it was at `version`: the file when it still has that version, else the snapshot. */
export async function loadTemplateVersion(templatePath: string, version: string): Promise<Template> {
  // A version's text never changes: once parsed in this thread, every later record of it is free.
  const hit = parsed.get(version);
  if (hit) return hit;
  const current = await loadTemplate(templatePath).catch((err: unknown) => {
    if (err instanceof AppError && err.code === "template.not_found") return null;
    throw err;
  });
  if (current?.version === version) return remember(current);
  const bytes = await getBlobStore().get(snapshotKey(version));
  const source = bytes ? Buffer.from(bytes).toString("utf8") : null;
  if (source === null || templateVersion(source) !== version) {
    throw new AppError(
      "template.not_found",
      `Template ${templatePath} no longer has the version validated at intake (${version.slice(0, 12)}) and no copy of it is stored`,
    );
  }
  return remember(await parseTemplate(templatePath, source));
}

function remember(template: Template): Template {
  if (parsed.size >= KEEP_PARSED) parsed.delete(parsed.keys().next().value!);
  parsed.set(template.version, template);
  return template;
}
