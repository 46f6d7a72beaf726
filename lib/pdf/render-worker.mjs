// Entry of a render worker thread. Plain JavaScript because Next.js bundles the server code and a
// worker thread needs a file of its own: tsx compiles the TypeScript render code on load (cached).
import { move, transferableSymbol, valueSymbol } from "piscina";
import { register } from "tsx/esm/api";

register();
const task = await import("./render-task.ts");
const receipt = await import("./receipt.tsx");
const sealed = await import("./sealed-workflow.tsx");
const report = await import("../explain/report/render-report.tsx");

/** True when the bytes own their whole buffer, so moving the buffer moves nothing else with it. */
const ownsBuffer = (bytes) => bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;

/** The PDF's buffer is moved to the calling thread, not copied (the result keeps its shape). */
function withMovedPdf(result, pdf) {
  if (!ownsBuffer(pdf)) return result;
  return move({
    get [transferableSymbol]() {
      return [pdf.buffer];
    },
    get [valueSymbol]() {
      return result;
    },
  });
}

export default async function renderTask(input) {
  const result = await task.default(input);
  return withMovedPdf(result, result.pdf);
}

/** Named task (piscina's `name`): a batch record, rendered and stored by this thread; nothing to move. */
export function renderAndStore(input) {
  return task.renderAndStore(input);
}

/** Named task: the batch intake receipt. */
export async function renderReceipt(input) {
  const pdf = await receipt.renderReceipt(input);
  return withMovedPdf(pdf, pdf);
}

/** Named task: the sealed record of a workflow. */
export async function renderSealedWorkflow(input) {
  const pdf = await sealed.renderSealedWorkflow(input);
  return withMovedPdf(pdf, pdf);
}

/** Named task: the sealed record of a workflow, traced (explain). */
export async function renderSealedWorkflowTraced(input) {
  const result = await sealed.renderSealedWorkflowTraced(input);
  return withMovedPdf(result, result.pdf);
}

/** Named task: an explain report (summary or detailed) of a stored trace. */
export async function renderExplainReport(input) {
  const pdf = await report.renderExplainReport(input);
  return withMovedPdf(pdf, pdf);
}
