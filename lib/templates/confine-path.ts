import fs from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { AppError } from "@/lib/http/problem";

export const templatesRoot = () => path.resolve(env().TEMPLATES_DIR);

/**
 * Resolves a client-supplied path inside TEMPLATES_DIR, or throws. Checked twice: lexically before
 * any file is touched, and again on the real path so that a symlink cannot lead outside.
 */
export async function confinePath(relative: string, allowedExt: RegExp, what = "templatePath"): Promise<string> {
  const bad = (why: string) => new AppError("template.path_invalid", `${what} ${JSON.stringify(relative)} ${why}`);
  if (!relative || relative.length > 500) throw bad("is empty or too long");
  if (/[\0\\]/.test(relative) || path.isAbsolute(relative)) throw bad("must be a relative path with forward slashes");
  if (relative.split("/").some((seg) => seg === ".." || seg === "")) throw bad("may not contain '..' or empty segments");
  if (!allowedExt.test(relative)) throw bad(`must end in ${allowedExt.source.replace(/[\\$]/g, "")}`);
  const root = templatesRoot();
  const candidate = path.resolve(root, relative);
  if (!candidate.startsWith(root + path.sep)) throw bad("leaves the templates directory");
  let real: string;
  try {
    real = await fs.realpath(candidate);
  } catch {
    throw new AppError("template.not_found", what === "templatePath" ? `No template ${relative}` : `No file ${relative} (${what})`);
  }
  const realRoot = await fs.realpath(root);
  if (!real.startsWith(realRoot + path.sep)) throw bad("leaves the templates directory");
  return real;
}
