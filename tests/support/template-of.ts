import { fromMarkdown } from "mdast-util-from-markdown";
import { frontMatterSchema } from "@/lib/templates/front-matter";
import type { Template } from "@/lib/templates/types";

/** A template with these fields and an empty body, as loadTemplate would make it: for checks of records against field rules. */
export function templateOf(fields: unknown[]): Template {
  const fm = frontMatterSchema.parse({ title: "t", fields });
  const patterns = new Map(fm.fields.filter((f) => f.pattern).map((f) => [f.key, new RegExp(f.pattern!, "u")]));
  return {
    path: "t.md",
    version: "v",
    source: "",
    title: "t",
    locale: fm.locale,
    fields: fm.fields,
    patterns,
    style: fm.style,
    explicitStyle: [],
    localeNamed: false,
    body: fromMarkdown(""),
    bodyLine: 1,
    images: new Map(),
  };
}
