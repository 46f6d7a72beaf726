import { gunzipSync, gzipSync } from "fflate";
import type { EventPayload } from "@/lib/jobs/events";
import { sendEvent } from "@/lib/jobs/send-event";
import { usesInngest } from "@/lib/env";
import type { RenderKind } from "./assemble-trace";

/** A trace's row as recordTrace decides it; the blob key and size follow from the id and the bytes. */
export interface TraceRow {
  id: string;
  tenantId: string;
  correlationId: string;
  renderKind: RenderKind;
  referenceId: string | null;
  createdAt: Date;
  archiveAfter: Date;
  deleteAfter: Date;
}

/** Inngest refuses events over 256 KiB on its free plan; a trace too large for that stays with its process. */
const INNGEST_EVENT_MAX_CHARS = 250_000;

/**
 * Gives a trace that could not be stored to the durable job runner (a jobs row, or an Inngest
 * event): the row and the trace's bytes, gzipped (a trace shrinks about tenfold) and base64 for JSON.
 * The event id is the trace id, so a hand-off repeated after a lost acknowledgement starts no second job.
 */
export async function handOffTrace(row: TraceRow, bytes: Uint8Array): Promise<void> {
  const gzipBase64 = Buffer.from(gzipSync(bytes)).toString("base64");
  if (usesInngest() && gzipBase64.length > INNGEST_EVENT_MAX_CHARS)
    throw new Error(`the trace is too large for an Inngest event (${gzipBase64.length} characters gzipped)`);
  const data = {
    ...row,
    createdAt: row.createdAt.toISOString(),
    archiveAfter: row.archiveAfter.toISOString(),
    deleteAfter: row.deleteAfter.toISOString(),
    gzipBase64,
  };
  await sendEvent(undefined, { name: "explain/trace.store", data, id: row.id });
}

/** The row and bytes a hand-off carried. */
export function takeHandedOff(payload: EventPayload<"explain/trace.store">): { row: TraceRow; bytes: Uint8Array } {
  const { gzipBase64, ...row } = payload;
  return { row, bytes: gunzipSync(Buffer.from(gzipBase64, "base64")) };
}
