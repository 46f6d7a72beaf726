import { createHash, randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

/** Secrets are stored only as this hash. */
export const hashSecret = (secret: string): string => createHash("sha256").update(secret).digest("hex");

export const isoNow = (): string => new Date().toISOString();
