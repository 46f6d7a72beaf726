import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import cliProgress from "cli-progress";
import type { BatchDetail, BatchState } from "../../client/index";
import { CliError, EXIT, type Output } from "../output";
import { apiClient, saveBody, sleep } from "../session";

/** States a batch does not leave by itself; pending-approval and changes-requested wait for a person. */
const FINISHED: readonly BatchState[] = ["completed", "partially-failed", "rejected", "cancelled", "invalid"];
const WAITING_FOR_A_PERSON: readonly BatchState[] = ["pending-approval", "changes-requested"];

const countsOf = (b: BatchDetail) => ({
  documents: b.documentCount,
  processed: b.processedCount,
  failed: b.failedCount,
  warnings: b.warningCount,
});

/**
 * `sealpost batch watch`: polls the batch until it finishes, with a progress bar of its rendered
 * documents on a terminal (state changes as lines otherwise). Exit 0 when completed; EXIT.outcome
 * when it finished otherwise or the wait timed out.
 */
export async function batchWatch(
  batchId: string,
  o: { intervalMs: number; timeoutS: number; untilDecided?: boolean },
  out: Output,
): Promise<void> {
  const api = await apiClient();
  const deadline = Date.now() + o.timeoutS * 1000;
  const bar =
    process.stderr.isTTY && !out.json
      ? new cliProgress.SingleBar(
          { format: "{bar} {value}/{total} documents  {state}", hideCursor: true, stream: process.stderr },
          cliProgress.Presets.shades_classic,
        )
      : null;
  let last: BatchDetail | undefined;
  try {
    for (;;) {
      const { data } = await api.GET("/api/dispatch/batch/{batchId}", { params: { path: { batchId } } });
      const b = data!;
      if (bar) {
        if (!last) bar.start(b.documentCount, b.processedCount, { state: b.state });
        else bar.update(b.processedCount, { state: b.state });
      } else if (!out.json && b.state !== last?.state) out.note(`${b.state}: ${b.processedCount}/${b.documentCount} documents`);
      last = b;
      if (FINISHED.includes(b.state) || (o.untilDecided && !WAITING_FOR_A_PERSON.includes(b.state))) break;
      if (Date.now() + o.intervalMs > deadline) {
        throw new CliError(`Batch ${batchId} is still ${b.state} after ${o.timeoutS} s`, EXIT.outcome, {
          batchId,
          state: b.state,
          ...countsOf(b),
        });
      }
      await sleep(o.intervalMs);
    }
  } finally {
    bar?.stop();
  }
  const b = last!;
  const result = { batchId, state: b.state, ...countsOf(b), completedAt: b.completedAt };
  if (b.state !== "completed" && FINISHED.includes(b.state)) {
    throw new CliError(
      `Batch ${batchId} ended ${b.state}: ${b.processedCount - b.errorCount} of ${b.documentCount} documents rendered, ${b.failedCount} failed`,
      EXIT.outcome,
      result,
    );
  }
  out.result(result, () => [
    `Batch ${batchId} ${b.state}: ${b.processedCount - b.errorCount} of ${b.documentCount} documents rendered, ${b.failedCount} failed.`,
  ]);
}

/** `sealpost batch decide ID approve|reject|request-changes`: as the batch's approver. */
export async function batchDecide(
  batchId: string,
  decision: "approve" | "reject" | "request-changes",
  o: { comment?: string },
  out: Output,
): Promise<void> {
  const api = await apiClient();
  const { data } = await api.POST("/api/dispatch/batch/{batchId}/decide", {
    params: { path: { batchId } },
    body: { decision, comments: o.comment },
  });
  out.result(data, () => [`Batch ${batchId}: ${decision} → ${data!.state}.`]);
}

/**
 * `sealpost batch download`: the ZIP bundle, the combined PDF, or every rendered document into a
 * folder (named as the batch names them). Streamed to disk: a 10,000-document bundle never sits in memory.
 */
export async function batchDownload(
  batchId: string,
  o: { bundle?: string; combined?: string; documents?: string },
  out: Output,
): Promise<void> {
  if ([o.bundle, o.combined, o.documents].filter(Boolean).length !== 1)
    throw new CliError("Give one of --bundle FILE, --combined FILE or --documents FOLDER", EXIT.usage);
  const api = await apiClient();
  const path = { params: { path: { batchId } }, parseAs: "stream" as const };
  if (o.bundle) {
    const { data } = await api.GET("/api/dispatch/batch/{batchId}/bundle", path);
    const bytes = await saveBody(data, o.bundle);
    return out.result({ batchId, file: o.bundle, bytes }, () => [`${o.bundle}: ${bytes} bytes`]);
  }
  if (o.combined) {
    const { data } = await api.GET("/api/dispatch/batch/{batchId}/combined", path);
    const bytes = await saveBody(data, o.combined);
    return out.result({ batchId, file: o.combined, bytes }, () => [`${o.combined}: ${bytes} bytes`]);
  }
  const folder = o.documents!;
  await mkdir(folder, { recursive: true });
  const { data: list } = await api.GET("/api/dispatch/batch/{batchId}/documents", { params: { path: { batchId } } });
  const saved: Array<{ index: number; file: string; bytes: number }> = [];
  for (const d of list!.documents.filter((doc) => doc.status === "rendered")) {
    const { data } = await api.GET("/api/dispatch/batch/{batchId}/documents/{index}", {
      params: { path: { batchId, index: String(d.index) } },
      parseAs: "stream",
    });
    // The batch's file names were checked at intake to be plain names; the index keeps them apart in any case.
    const file = join(folder, `${String(d.index + 1).padStart(String(list!.total).length, "0")}-${d.fileName.replace(/[/\\]/g, "_")}`);
    saved.push({ index: d.index, file, bytes: await saveBody(data, file) });
  }
  out.result({ batchId, folder, documents: saved }, () => [`${saved.length} of ${list!.total} documents saved in ${folder}`]);
}
