import os from "node:os";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optionalString.pipe(z.string().url().optional()),
  DATA_DIR: z.string().default(".data"),
  /** Where blobs live: unset = the folder DATA_DIR/blobs; s3://bucket/prefix = an S3-compatible store (S3_* below). */
  BLOB_URL: optionalString.pipe(
    z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9_./-]*)?$/,
        "must be s3://bucket or s3://bucket/prefix (prefix: letters, digits, / _ . -)",
      )
      .optional(),
  ),
  /** An S3-compatible store's URL (MinIO, Ceph, R2…); unset = AWS S3 in S3_REGION. */
  S3_ENDPOINT: optionalString.pipe(z.string().url().optional()),
  /** Unset: AWS_REGION, else us-east-1 (which most S3-compatible stores accept). */
  S3_REGION: optionalString,
  /** Both or neither; unset = the AWS SDK's default chain (AWS_* variables, profile, instance or task role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Path-style URLs (endpoint/bucket/key), which most self-hosted stores need. */
  S3_FORCE_PATH_STYLE: bool,
  AUTH_ISSUER: optionalString.pipe(z.string().url().optional()),
  AUTH_AUDIENCE: z.string().default("sealpost"),
  AUTH_TENANT_CLAIM: z.string().default("tid"),
  AUTH_ROLES_CLAIM: z.string().default("roles"),
  AUTH_EMAIL_CLAIM: z.string().default("email"),
  AUTH_ALGORITHMS: z.string().default("RS256,PS256,ES256,EdDSA"),
  PUBLIC_BASE_URL: z.string().url().default("http://localhost:3000"),
  /** The console's OIDC client at AUTH_ISSUER (authorization code + PKCE); the console is off without it. */
  CONSOLE_CLIENT_ID: optionalString,
  CONSOLE_CLIENT_SECRET: optionalString,
  /** Scopes the console asks for; the ID token must carry the tenant, roles and email claims. */
  CONSOLE_SCOPES: z.string().default("openid email profile"),
  /** Life of a console session from sign-in, in seconds (8 hours: a working day); then sign in again. */
  CONSOLE_SESSION_MAX_AGE_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(8 * 3600),
  /** Encrypts the console's session cookie (Auth.js); required (32+ characters) in production when the console is on. */
  AUTH_SECRET: optionalString,
  TEMPLATES_DIR: z.string().default("templates"),
  SMTP_URL: optionalString.pipe(z.string().url().optional()),
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(5),
  MAIL_FROM: z.string().default("Sealpost <no-reply@sealpost.local>"),
  PORTAL_TOKEN_SECRET: optionalString,
  INNGEST_EVENT_KEY: optionalString,
  INNGEST_SIGNING_KEY: optionalString,
  INNGEST_DEV: optionalString,
  CALLBACK_ALLOWED_HOSTS: z.string().default(""),
  /** Key material of the per-tenant callback signing secrets (HKDF); PORTAL_TOKEN_SECRET when unset. */
  CALLBACK_SIGNING_SECRET: optionalString,
  /** Seconds between callback attempts; the sum is how long a callback is retried (default about 1.7 days). */
  CALLBACK_RETRY_DELAYS_S: z
    .string()
    .default("30,120,600,1800,3600,7200,14400,28800,43200,50400")
    .transform((v, ctx) => {
      const list = v.split(",").map((s) => Number(s.trim()));
      if (list.some((n) => !Number.isFinite(n) || n < 0)) ctx.addIssue({ code: "custom", message: "must be comma-separated seconds" });
      return list;
    }),
  CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Lifetime of a portal one-time passcode (docs/spec.md, "Limits": 10 minutes); shorter only in tests. */
  OTP_TTL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  BATCH_MAX_RECORDS: z.coerce.number().int().min(1).default(5000),
  // The spec's source-system client thresholds (docs/spec.md, "Limits"), under its own (lower-case) names; empty means
  // the default. Up to the first a list is sent at once, up to the second after a confirmation, above it never.
  svc_batchwarningthreshold: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(1).default(25),
  ),
  svc_batchmaxthreshold: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(1).default(100),
  ),
  RENDER_BODY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(20 * 1024 * 1024),
  EMBEDDED_RUNNER: z.enum(["on", "off"]).default("on"),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  JOB_POLL_MS: z.coerce.number().int().min(10).default(250),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  BATCH_CHUNK_RECORDS: z.coerce.number().int().min(1).max(1000).default(50),
  BATCH_CHUNK_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  BATCH_STALL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(5 * 60_000),
  JOB_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  HEALTH_STALL_MS: z.coerce.number().int().min(1000).default(120_000),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(500).default(15_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  // Empty means the default (as in .env.example), not 0.
  RENDER_THREADS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(0).max(64).default(os.availableParallelism()),
  ),
  // Old-generation cap per render thread, MB; 0 is V8's own limit (a quarter of the machine's memory).
  // Memory against CPU: V8 lets a heap grow to a larger multiple of its live size under a higher cap
  // (the largest from 2,048 up), so a lower cap keeps a thread smaller but collects its old space more
  // often, which costs GC-helper CPU on every document (docs/operations.md, "Rendering"). The default
  // keeps a 10,000-notice batch within the memory target (docs/benchmarks.md, "Documents and intake").
  // A cap too low for a thread's documents slows it in GC until renders fail.
  RENDER_THREAD_HEAP_MB: z.coerce.number().int().min(0).max(16_384).default(2048),
  RENDER_TIMEOUT_MS: z.coerce.number().int().min(1).default(60_000),
  // An uploaded PDF's signatures are verified in a thread of their own under these limits, so that a
  // file the PDF reader cannot get through costs that thread, not the server (lib/signing/pdf/verify-pool.ts).
  VERIFY_THREAD_HEAP_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  VERIFY_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  // Explain trace retention (defaults of docs/spec.md, "Explain settings"): compressed under explain/archive/ after this many days, deleted after these years.
  EXPLAIN_ARCHIVE_AFTER_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
  EXPLAIN_RETENTION_YEARS: z.coerce.number().positive().max(100).default(2),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  DEV_MAIL_PAGE: bool,
  /** How long a signer's link works from when it is sent (a new one replaces it: resend). */
  ESIGN_LINK_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(90 * 24)
    .default(7 * 24),
  /**
   * A signer who has not acted is reminded once when their link has less than this left (0: never).
   * A link that lives less than twice as long is reminded at half its life instead.
   */
  ESIGN_REMINDER_BEFORE_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(90 * 24)
    .default(48),
  /** A folder of `<tenantId>.p12` files, one per tenant (lib/signing/keys/tenant-keys.ts); unset outside production = the development CA. */
  ESIGN_KEYS_DIR: optionalString,
  /** The password of every file in ESIGN_KEYS_DIR; taken as given (not trimmed), never logged. */
  ESIGN_KEYS_PASSWORD: z.string().optional(),
  /** An RFC 3161 timestamp authority: every signature is then PAdES B-T, and fails when the authority does. */
  ESIGN_TSA_URL: optionalString.pipe(z.string().url().optional()),
  /** A PEM file of the roots the timestamp authority's certificates chain to (the verifier trusts them). */
  ESIGN_TSA_ROOTS: optionalString,
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parses process.env once; a bad value stops start-up with a message naming every offending variable. */
export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example for every variable.`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && (!e.PORTAL_TOKEN_SECRET || e.PORTAL_TOKEN_SECRET.length < 32)) {
    throw new Error("Invalid environment configuration:\n  PORTAL_TOKEN_SECRET: must be set to at least 32 characters in production");
  }
  if (e.NODE_ENV === "production" && e.CONSOLE_CLIENT_ID && (!e.AUTH_SECRET || e.AUTH_SECRET.length < 32)) {
    throw new Error(
      "Invalid environment configuration:\n  AUTH_SECRET: must be set to at least 32 characters in production when CONSOLE_CLIENT_ID is set",
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid environment configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither");
  }
  cached = e;
  return e;
}

/** Tests change process.env between servers in one process; this forgets the parsed copy. */
export function resetEnvCache(): void {
  cached = undefined;
}

export function usesInngest(e: Env = env()): boolean {
  return Boolean(e.INNGEST_EVENT_KEY || e.INNGEST_DEV);
}

/** The HMAC secret of portal tokens and delivery links; a fixed value only outside production. */
export function portalSecret(e: Env = env()): string {
  return e.PORTAL_TOKEN_SECRET ?? "development-only-portal-secret-never-use-in-production";
}
