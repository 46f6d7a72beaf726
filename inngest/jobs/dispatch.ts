import { z } from "zod";
import { finalizeBatch } from "@/lib/batch/process/finalize-batch";
import { renderBatchRecord } from "@/lib/batch/process/render-record";
import { startBatch } from "@/lib/batch/process/start-batch";
import { defineJob } from "../define-job";

/** Processor pickup of an approved batch: queued → processing, then one render job per record. */
export const startBatchJob = defineJob({
  id: "dispatch-start-batch",
  event: "dispatch/batch.approved",
  payload: z.object({ batchId: z.string().uuid(), tenantId: z.string() }),
  handler: async ({ payload, step }) => {
    const pending = await step.run("pick-up", () => startBatch(payload.batchId));
    await step.sendEvent(
      "fan-out",
      pending.map((recordIndex) => ({
        name: "dispatch/record.render",
        data: { batchId: payload.batchId, recordIndex },
        id: `${payload.batchId}:${recordIndex}`,
      })),
    );
    return { records: pending.length };
  },
});

export const renderRecordJob = defineJob({
  id: "dispatch-render-record",
  event: "dispatch/record.render",
  payload: z.object({ batchId: z.string().uuid(), recordIndex: z.number().int().min(0) }),
  handler: ({ payload }) => renderBatchRecord(payload.batchId, payload.recordIndex),
});

export const finalizeBatchJob = defineJob({
  id: "dispatch-finalize-batch",
  event: "dispatch/batch.finalize",
  payload: z.object({ batchId: z.string().uuid() }),
  handler: ({ payload }) => finalizeBatch(payload.batchId),
});

export const dispatchJobs = [startBatchJob, renderRecordJob, finalizeBatchJob];
