/**
 * A hash chain over a workflow's activity: each link's hash covers the event (id, kind, actor, time,
 * detail) and the previous link's hash, so editing, removing, inserting or reordering any event
 * changes every hash after it. The head is stored and printed in the signed certificate of
 * completion; the links are printed too, so a reader holding the certificate can say which event
 * no longer matches without trusting the database.
 *
 * Pure (no database): the callers load the events and the stored links.
 */
import { createHash } from "node:crypto";
import type { ChainLink } from "@/lib/db/json/activity-chain";

/** What of an event the chain covers: everything a reader of the activity sees. */
export interface ChainEvent {
  id: number;
  kind: string;
  actor: string;
  at: Date;
  detail: Record<string, unknown> | null;
}

/** The links are stored with the certificate (workflow_certificates.chainLinks). */
export type { ChainLink } from "@/lib/db/json/activity-chain";

export type ChainCheck =
  | { valid: true; head: string; checked: number; notCovered: number }
  | {
      valid: false;
      checked: number;
      broken: { index: number; eventId: number; problem: "edited" | "removed" | "inserted" };
      message: string;
    };

const VERSION = "sealpost-activity-chain/1";

/** The chain's start, bound to the workflow: a chain copied onto another workflow does not check. */
export const genesis = (workflowId: string) => sha256(`${VERSION}\n${workflowId}`);

/** JSON with keys sorted at every level: the same event always hashes the same, whatever the storage's key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export function linkHash(previous: string, e: ChainEvent): string {
  return sha256(
    `${previous}\n${canonicalJson({ id: e.id, kind: e.kind, actor: e.actor, at: e.at.toISOString(), detail: e.detail ?? {} })}`,
  );
}

/** The links of `events` (oldest first, by id). */
export function chainLinks(workflowId: string, events: ChainEvent[]): ChainLink[] {
  let previous = genesis(workflowId);
  return [...events]
    .sort((a, b) => a.id - b.id)
    .map((e) => {
      previous = linkHash(previous, e);
      return { eventId: e.id, kind: e.kind, at: e.at.toISOString(), hash: previous };
    });
}

export const chainHead = (workflowId: string, links: ChainLink[]) => links.at(-1)?.hash ?? genesis(workflowId);

/**
 * Re-checks the activity as it is now against the links recorded when the chain was made, and says
 * which event broke it first: an event whose content changed ("edited"), one that is gone
 * ("removed"), or one that appeared among the covered ones ("inserted"). Events recorded after the
 * chain was made are not covered (counted in `notCovered`), they do not break it.
 */
export function recheckChain(workflowId: string, recorded: ChainLink[], current: ChainEvent[]): ChainCheck {
  const byId = new Map(current.map((e) => [e.id, e]));
  const lastCovered = recorded.at(-1)?.eventId ?? 0;
  const recordedIds = new Set(recorded.map((l) => l.eventId));
  let previous = genesis(workflowId);
  for (const [index, link] of recorded.entries()) {
    const inserted = current.find((e) => e.id < link.eventId && e.id > (recorded[index - 1]?.eventId ?? 0) && !recordedIds.has(e.id));
    if (inserted) return broken(index, inserted.id, "inserted", recorded.length);
    const event = byId.get(link.eventId);
    if (!event) return broken(index, link.eventId, "removed", index);
    const hash = linkHash(previous, event);
    if (hash !== link.hash) return broken(index, link.eventId, "edited", index);
    previous = hash;
  }
  return { valid: true, head: previous, checked: recorded.length, notCovered: current.filter((e) => e.id > lastCovered).length };
}

function broken(index: number, eventId: number, problem: "edited" | "removed" | "inserted", checked: number): ChainCheck {
  const what = {
    edited: "was changed after the chain was made",
    removed: "is missing from the activity",
    inserted: "was added among the events the chain covers",
  }[problem];
  return { valid: false, checked, broken: { index, eventId, problem }, message: `Link ${index + 1}: event ${eventId} ${what}` };
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
