import type { Root } from "mdast";
import type { FieldDef, FrontMatter, TemplateStyle } from "./front-matter";

export type { FieldDef, TemplateStyle };

/** A loaded template: parsed once, reused for every record. */
export interface Template {
  /** templatePath as given, relative to TEMPLATES_DIR. */
  path: string;
  /** SHA-256 (hex) of the file's text: names this version of the template for ever. */
  version: string;
  /** The file's text, kept so that a batch can snapshot the version it was validated against. */
  source: string;
  title: string;
  /** BCP 47, from the front matter (default en-GB): how formatted values are written. */
  locale: string;
  /** The front matter names `locale` itself: the document is in that language, and its deliveries' pages and mails are too. */
  localeNamed: boolean;
  fields: FieldDef[];
  /** Compiled `pattern` of each field that has one. */
  patterns: Map<string, RegExp>;
  distribution?: FrontMatter["distribution"];
  workflow?: Record<string, unknown>;
  explainDocument?: boolean;
  /** Retention of this template's traces when the request does not set it (lib/explain/settings.ts). */
  autoArchiveAfterDays?: number;
  traceRetentionYears?: number;
  style: TemplateStyle;
  /** The style keys the front matter sets itself (the others are built-in defaults): explain traces name the source. */
  explicitStyle: string[];
  body: Root;
  /** The file line (1-based) where the body starts: body positions are relative to it. */
  bodyLine: number;
  /** Image bytes by the image's URL in the body, only for images inside TEMPLATES_DIR. */
  images: Map<string, Buffer>;
}
