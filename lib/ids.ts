import { createHash, randomBytes, randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

/** 256 random bits, URL-safe: delivery links, OTPs' cousins, anything guessed only by brute force. */
export const newSecret = (): string => randomBytes(32).toString("base64url");

/** Secrets are stored only as this hash. */
export const hashSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");

export const isoNow = (): string => new Date().toISOString();
