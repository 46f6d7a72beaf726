/** The OpenAPI tag description of the templates area. Decisions about one operation are in its route spec. */
import { md } from "../markdown";

export const templatesArea = md(
  "What a template author needs before a batch is sent: a preview of one record with the findings of its explain trace.",
  "",
  "- Templates are Markdown files with YAML front matter under `TEMPLATES_DIR` (the repository's docs/templates.md describes the format: fields, distribution, `locale`, formatters such as `{{amountDue | currency}}`, and `{{#if}}` conditions).",
  "- A template with a wrong formatter, an unclosed condition or an unreadable expression is refused when it loads, as 422 `template.invalid` naming the template's line: in a preview, and in `POST /api/render`.",
);
