import { z } from "zod";
import { retentionConflict, retentionFields } from "@/lib/explain/retention-fields";
import { DEFAULT_LOCALE, formattableLocale } from "@/lib/i18n/locales";
import { NORMALIZATIONS, normalizeValue } from "./normalize-value";
import type { StoredField } from "@/lib/db/json/workflow-schema";
import type { Expect, SameType } from "@/lib/same-type";

export const fieldTypes = ["string", "number", "integer", "boolean", "date", "email", "enum"] as const;

const fieldKey = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "field keys are identifiers (letters, digits, _)");

export const fieldSchema = z
  .object({
    key: fieldKey,
    label: z.string().optional(),
    type: z.enum(fieldTypes).default("string"),
    required: z.boolean().default(false),
    pattern: z.string().optional(),
    min: z.union([z.number(), z.string()]).optional(),
    max: z.union([z.number(), z.string()]).optional(),
    maxLength: z.number().int().positive().optional(),
    options: z.array(z.union([z.string(), z.number()])).optional(),
    /** What people read for an option, by its code; the code itself where none is given. */
    optionLabels: z.record(z.string(), z.string().min(1).max(200)).optional(),
    severity: z.enum(["error", "warning"]).default("error"),
    step: z.union([z.number().int().min(0), z.string()]).optional(),
    /** A value as people write it, shown when a value does not have the form `pattern` asks for. */
    example: z.string().min(1).max(200).optional(),
    /** How text is brought into the form `pattern` checks before it is checked and stored (normalize-value.ts). */
    normalize: z.array(z.enum(NORMALIZATIONS)).max(NORMALIZATIONS.length).optional(),
  })
  .refine((f) => f.type !== "enum" || (f.options?.length ?? 0) > 0, { message: "enum fields need options" })
  .refine((f) => Object.keys(f.optionLabels ?? {}).every((code) => f.options?.some((o) => String(o) === code)), {
    message: "optionLabels may only name codes listed in options",
    path: ["optionLabels"],
  })
  .superRefine((f, ctx) => {
    // An example that the field itself refuses would teach people the wrong form.
    if (f.example === undefined || !f.pattern) return;
    let pattern: RegExp;
    try {
      pattern = new RegExp(f.pattern, "u");
    } catch {
      return; // the loaders name a pattern that does not compile
    }
    if (!pattern.test(String(normalizeValue(f, f.example))))
      ctx.addIssue({ code: "custom", path: ["example"], message: `the example does not have the form the field's pattern asks for` });
  });

/** templateSettings.distribution as a template or a request may give it: every key optional. */
export const distributionSettingsSchema = z
  .object({
    enabled: z.boolean(),
    mode: z.enum(["individual", "combined"]),
    requireApproval: z.boolean(),
    fileNameTemplate: z.string().min(1).max(300),
    approversEmail: z.union([z.string(), z.array(z.string())]),
    deliveryConfig: z
      .object({
        mode: z.enum(["secure-email", "none"]),
        expiresInHours: z.number().positive(),
        // The record field naming the person (customerName…): the delivery mail greets by it when recipientName gives no name.
        nameField: fieldKey,
      })
      .partial(),
    zipBundle: z.boolean(),
  })
  .partial();

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "colours are #rrggbb");

export const styleSchema = z
  .object({
    pageSize: z.enum(["A4", "LETTER"]).default("A4"),
    primaryColor: hexColor.default("#1f3a5f"),
    headingColor: hexColor.default("#1f3a5f"),
    textColor: hexColor.default("#1a1a1a"),
    fontSize: z.number().min(6).max(24).default(10.5),
    /** ISO 4217: what `{{amount | currency}}` writes when the token names none. */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, "currency is an ISO 4217 code such as EUR")
      .refine((c) => Intl.supportedValuesOf("currency").includes(c), "currency is not an ISO 4217 code this server knows")
      .optional(),
  })
  .default({ pageSize: "A4", primaryColor: "#1f3a5f", headingColor: "#1f3a5f", textColor: "#1a1a1a", fontSize: 10.5 });

export const frontMatterSchema = z
  .object({
    title: z.string().min(1),
    /**
     * BCP 47: separators, month names and currency symbols of formatted values; written out, also the
     * language of the document's deliveries (their mails and pages, in Sealpost's nearest catalogue).
     */
    locale: z
      .string()
      .refine((l) => formattableLocale(l) !== null, "locale is a BCP 47 language tag this server knows, such as en-GB, de-DE or ja-JP")
      .default(DEFAULT_LOCALE),
    fields: z.array(fieldSchema).default([]),
    distribution: distributionSettingsSchema.optional(),
    workflow: z.record(z.string(), z.unknown()).optional(),
    explainDocument: z.boolean().optional(),
    ...retentionFields,
    style: styleSchema,
  })
  .superRefine((fm, ctx) => {
    // Runs even when a field failed its own check: only two valid numbers are compared.
    const { autoArchiveAfterDays: days, traceRetentionYears: years } = fm;
    if (!Number.isInteger(days) || !Number.isInteger(years)) return;
    const conflict = retentionConflict({ autoArchiveAfterDays: days!, traceRetentionYears: years! });
    if (conflict) ctx.addIssue({ code: "custom", path: ["autoArchiveAfterDays"], message: conflict });
  });

export type FieldDef = z.infer<typeof fieldSchema>;
// A workflow stores its fields in its schema snapshot: what this parser gives is what is stored.
type _FieldIsStored = Expect<SameType<FieldDef, StoredField>>;
export type TemplateStyle = z.infer<typeof styleSchema>;
export type FrontMatter = z.infer<typeof frontMatterSchema>;
