import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { emailAddress } from "@/lib/mail/address";
import { excerpt } from "@/lib/templates/excerpt";
import { TenantError } from "./errors";

/** Licence features a tenant can hold; route guards check these exact names. */
export const KNOWN_FEATURES = ["batchDispatch", "explain", "workflow", "accessibility"] as const;
export type Feature = (typeof KNOWN_FEATURES)[number];

export const TIERS = ["standard", "premium", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];

// Ids are compared verbatim with the token's tenant claim (Entra uses GUIDs), so they are not case-folded.
const tenantId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, "must be 1-128 letters, digits, '.', '_', ':' or '-', starting with a letter or digit");

// Approvers are matched against the lowercased email claim, so they are stored lowercased.
const approverEmail = emailAddress();

const dedupe = <T>(xs: T[]): T[] => [...new Set(xs)];

const LOCALE_CHOICE = `use one of ${LOCALES.map((l) => l.tag).join(", ")}`;

// Stored as the catalogue's own tag (de-AT is de, pt is pt-PT), as a person's or a workflow's is
// read: the tenant's default is then the language its people outside get, whatever region was typed.
const defaultLocale = z.string({ error: `must be a language tag; ${LOCALE_CHOICE}` }).transform((tag, ctx) => {
  const locale = supportedLocaleOf(tag);
  if (locale) return locale;
  ctx.addIssue({ code: "custom", message: `${excerpt(tag)} is not a language Sealpost writes; ${LOCALE_CHOICE}` });
  return z.NEVER;
});

const fields = {
  name: z.string().trim().min(1, "must not be empty").max(200),
  tier: z.enum(TIERS, { error: `must be one of ${TIERS.join(", ")}` }),
  features: z.array(z.enum(KNOWN_FEATURES, { error: `is not a known feature (${KNOWN_FEATURES.join(", ")})` })).transform(dedupe),
  approvers: z.array(approverEmail).transform(dedupe),
  /** null: none (each person's or workflow's language, else en-GB for mails and the browser's for pages). */
  defaultLocale: defaultLocale.nullable(),
};

export const newTenantSchema = z.object({
  id: tenantId,
  name: fields.name,
  tier: fields.tier,
  features: fields.features.default([]),
  approvers: fields.approvers.default([]),
  defaultLocale: fields.defaultLocale.default(null),
});

export const tenantPatchSchema = z.strictObject({
  name: fields.name.optional(),
  tier: fields.tier.optional(),
  features: fields.features.optional(),
  approvers: fields.approvers.optional(),
  defaultLocale: fields.defaultLocale.optional(),
});

// Plain strings on the way in: the CLI passes what was typed, and the schemas above decide.
export interface NewTenant {
  id: string;
  name: string;
  tier: string;
  features?: string[];
  approvers?: string[];
  /** A language tag of the catalogues (a regional one is read as its language's); null or absent: none. */
  defaultLocale?: string | null;
}
export type TenantPatch = Partial<Omit<NewTenant, "id">>;

export function parseTenantId(id: string): string {
  const r = tenantId.safeParse(id);
  if (!r.success) throw new TenantError("tenant.invalid", "Invalid tenant", [`id: ${r.error.issues[0].message}`]);
  return r.data;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => {
    const got = valueAt(value, i.path);
    // List entries are named by value: "approvers: "bob@" must be…" beats "approvers.1: must be…".
    if (typeof i.path.at(-1) === "number" && typeof got === "string") return `${i.path.slice(0, -1).join(".")}: "${got}" ${i.message}`;
    return `${i.path.length ? i.path.join(".") : "input"}: ${i.message}`;
  });
  throw new TenantError("tenant.invalid", "Invalid tenant", issues);
}

function valueAt(root: unknown, path: PropertyKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}
