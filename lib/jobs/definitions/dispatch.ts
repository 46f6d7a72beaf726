import { chunkSizeFor } from "@/lib/batch/process/chunk-size";
import { finalizeBatch } from "@/lib/batch/process/finalize-batch";
import { chunksOf, renderBatchChunk } from "@/lib/batch/process/render-chunk";
import { resumeStalledBatches } from "@/lib/batch/process/resume-stalled";
import { startBatch } from "@/lib/batch/process/start-batch";
import { defineJob } from "../define-job";

/** Processor pickup of an approved batch: queued → processing, then one render job per chunk of records. */
export const startBatchJob = defineJob({
  id: "dispatch-start-batch",
  event: "dispatch/batch.approved",
  handler: async ({ payload, step }) => {
    const pending = await step.run("pick-up", () => startBatch(payload.batchId));
    const size = await step.run("chunk-size", () => chunkSizeFor(payload.batchId));
    const chunks = chunksOf(pending, size);
    await step.sendEvent(
      "fan-out",
      chunks.map((c) => ({
        name: "dispatch/chunk.render",
        data: { batchId: payload.batchId, tenantId: payload.tenantId, ...c },
        id: `${payload.batchId}:${c.from}+${c.count}`,
      })),
    );
    return { records: pending.length, chunks: chunks.length, chunkSize: size };
  },
});

export const renderChunkJob = defineJob({
  id: "dispatch-render-chunk",
  event: "dispatch/chunk.render",
  handler: ({ payload }) => renderBatchChunk(payload),
});

export const finalizeBatchJob = defineJob({
  id: "dispatch-finalize-batch",
  event: "dispatch/batch.finalize",
  handler: ({ payload }) => finalizeBatch(payload.batchId),
});

/** Every minute (the event's schedule): batches whose jobs gave up (an outage longer than their retries) get their remaining work sent again. */
export const resumeStalledJob = defineJob({
  id: "dispatch-resume-stalled",
  event: "dispatch/stalled.sweep",
  retries: 0, // the next minute's run is the retry
  handler: async () => {
    const resumed = await resumeStalledBatches();
    for (const r of resumed)
      console.warn(`[dispatch] batch ${r.batchId} had stalled: ${r.resumed} sent again${r.chunks ? ` (${r.chunks} chunks)` : ""}`);
    return { resumed: resumed.length };
  },
});

export const dispatchJobs = [startBatchJob, renderChunkJob, finalizeBatchJob, resumeStalledJob];
