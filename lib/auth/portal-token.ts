import { createHmac, randomBytes } from "node:crypto";
import { errors, jwtVerify, type JWTPayload } from "jose";
import { z } from "zod";
import { portalSecret } from "@/lib/env";
import { AppError } from "@/lib/http/problem";
import { PORTAL_TOKEN_HOURS } from "./portal-token-hours";

/** Portal access tokens live 4 hours (docs/spec.md, "Limits") and are reissued on every valid portal call. */
export const PORTAL_TOKEN_TTL_S = PORTAL_TOKEN_HOURS * 3600;
export const PORTAL_TOKEN_HEADER = "x-svc-portal-token";
const ISSUER = "sealpost";
const AUDIENCE = "sealpost-portal";

export const portalRoles = ["participant", "reviewer"] as const;
export type PortalRole = (typeof portalRoles)[number];

export interface PortalPrincipal {
  workflowId: string;
  tenantId: string;
  role: PortalRole;
  /** The token's random id (128 bits); audit records keep only its hash. */
  tokenId: string;
  /**
   * True when this token's family passed the workflow's one-time passcode (claim `otp`): set by OTP
   * verify and carried into every refreshed token, so a link without access to the mailbox reads nothing.
   */
  otpVerified: boolean;
  /** Set only on routes that take expired tokens (resend-invite): such a call gets no fresh token. */
  expired?: true;
  /**
   * Reviewer tokens only: the approver the approval mail went to and the stage it asked about
   * (claims `email`, `stg`). A decision needs that approver to be one of the current stage's, so a
   * forwarded or old link never decides for someone else or for a later stage.
   */
  reviewer?: ReviewerBinding;
}

export interface ReviewerBinding {
  email: string;
  stage: number;
}

// Its own key, derived from PORTAL_TOKEN_SECRET, so that no other HMAC made with the secret (delivery links) can ever pass as a token.
const signingKey = () => createHmac("sha256", portalSecret()).update("sealpost portal token v1").digest();

const b64 = (s: string | Buffer) => Buffer.from(s).toString("base64url");

/**
 * An HS256 JWT bound to one workflow, one tenant and one role (a reviewer's also to one approver and stage). Signed synchronously (a compact JWS is
 * one HMAC), so that a link placeholder in queued mail can be turned into a fresh token at the moment
 * the mail is sent: no token is ever stored. Verified with jose.
 */
export function issuePortalToken(
  p: Omit<PortalPrincipal, "tokenId" | "otpVerified"> & { otpVerified?: boolean },
  nowS = Math.floor(Date.now() / 1000),
): string {
  // A reviewer token without its approver would be refused by verifyPortalToken; fail where it is made instead.
  if (p.role === "reviewer" && !p.reviewer) throw new Error("a reviewer portal token needs the approver and stage it is for");
  const header = b64(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const claims = {
    iss: ISSUER,
    aud: AUDIENCE,
    sub: p.workflowId,
    tid: p.tenantId,
    role: p.role,
    ...(p.role === "reviewer" && p.reviewer ? { email: p.reviewer.email.trim().toLowerCase(), stg: p.reviewer.stage } : {}),
    ...(p.otpVerified ? { otp: true } : {}),
    jti: randomBytes(16).toString("base64url"),
    iat: nowS,
    exp: nowS + PORTAL_TOKEN_TTL_S,
  };
  const payload = b64(JSON.stringify(claims));
  const signature = createHmac("sha256", signingKey()).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

const claimsSchema = z.object({
  sub: z.string().uuid(),
  tid: z.string().min(1),
  role: z.enum(portalRoles),
  jti: z.string().min(16),
  otp: z.literal(true).optional(),
  email: z.string().min(3).max(320).optional(),
  stg: z.number().int().min(1).max(1000).optional(),
});

/**
 * Checks signature, issuer, audience and lifetime: 401 portal.token_expired or portal.token_invalid.
 * `expiredGraceS` accepts a token expired less than that long ago, marked `expired`.
 */
export async function verifyPortalToken(token: string, expiredGraceS = 0): Promise<PortalPrincipal> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, signingKey(), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ["exp", "iat"],
      clockTolerance: expiredGraceS,
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new AppError("portal.token_expired", "The portal token has expired; ask for a new link");
    if (err instanceof errors.JOSEError || err instanceof TypeError)
      throw new AppError("portal.token_invalid", "The portal token is not valid");
    throw err;
  }
  const c = claimsSchema.safeParse(payload);
  if (!c.success) throw new AppError("portal.token_invalid", "The portal token lacks its workflow, tenant or role");
  const p: PortalPrincipal = {
    workflowId: c.data.sub,
    tenantId: c.data.tid,
    role: c.data.role,
    tokenId: c.data.jti,
    otpVerified: c.data.otp === true,
  };
  if (p.role === "reviewer") {
    if (c.data.email === undefined || c.data.stg === undefined)
      throw new AppError("portal.token_invalid", "The reviewer token does not name its approver and stage");
    p.reviewer = { email: c.data.email, stage: c.data.stg };
  }
  if (payload.exp! <= Math.floor(Date.now() / 1000)) p.expired = true;
  return p;
}

/** The token of a request: header X-Svc-Portal-Token, else query parameter `token` (or `pt`, as in the portal address). */
export function portalTokenOf(req: Request): string | null {
  const header = req.headers.get(PORTAL_TOKEN_HEADER)?.trim();
  if (header) return header;
  const q = new URL(req.url).searchParams;
  return q.get("token") || q.get("pt") || null;
}

/**
 * Authenticates a portal call on workflow `workflowId`: 401 without a valid token, 403
 * portal.wrong_workflow when the token was issued for another workflow (whether or not that one
 * exists), 403 portal.role_forbidden when its role is not among `roles`.
 */
export async function authenticatePortal(
  req: Request,
  workflowId: string | undefined,
  roles: readonly PortalRole[],
  expiredGraceS = 0,
): Promise<PortalPrincipal> {
  const token = portalTokenOf(req);
  if (!token)
    throw new AppError("portal.token_missing", "Send the portal token in the X-Svc-Portal-Token header or the token query parameter");
  const p = await verifyPortalToken(token, expiredGraceS);
  if (p.workflowId !== workflowId) throw new AppError("portal.wrong_workflow", "This portal token was issued for another workflow");
  if (!roles.includes(p.role))
    throw new AppError("portal.role_forbidden", `A ${p.role} portal token cannot do this; it needs a ${roles.join(" or ")} token`, {
      role: p.role,
    });
  return p;
}
