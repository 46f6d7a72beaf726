// Entry of a render worker thread. Plain JavaScript because Next.js bundles the server code and a
// worker thread needs a file of its own: tsx compiles the TypeScript render code on load (cached).
import { move, transferableSymbol, valueSymbol } from "piscina";
import { register } from "tsx/esm/api";

register();
const { markPhase, TaskPhase } = await import("./task-progress.ts");
const task = await import("./render-task.ts");
const receipt = await import("./receipt.tsx");
const sealed = await import("./sealed-workflow.tsx");
const certificate = await import("./completion-certificate.tsx");
const report = await import("../explain/report/render-report.tsx");
// Every font the documents may fall back to is read and used once before the first task.
await (await import("./warm-up.tsx")).warmUpFonts();

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

let queue = Promise.resolve();

/**
 * The pool hands each thread more tasks while it lays out one, so that the thread goes on to the
 * next at once instead of idling until a busy event loop hands one over; layouts still run one at
 * a time, in the order given, each
 * marking its phases in the progress it shares with the caller (lib/pdf/task-progress.ts).
 * `afterLayout` (a batch record's write to the blob store) runs outside that order: an S3 PUT's
 * round trip overlaps the next layout instead of idling the thread.
 */
function oneAtATime(input, run, afterLayout) {
  const laidOut = queue.then(() => {
    markPhase(input.progress, TaskPhase.layingOut);
    return run();
  });
  queue = laidOut.catch(() => {});
  const result = afterLayout ? laidOut.then(afterLayout) : laidOut;
  return result.finally(() => markPhase(input.progress, TaskPhase.done));
}

export default function renderTask(input) {
  return oneAtATime(input, async () => {
    const result = await task.default(input);
    return withMovedPdf(result, result.pdf);
  });
}

/** Named task (piscina's `name`): a batch record, rendered and stored by this thread; nothing to move. */
export function renderAndStore(input) {
  return oneAtATime(
    input,
    () => task.default(input),
    (result) => task.storeRender(input, result),
  );
}

/** Named task: the batch intake receipt. */
export function renderReceipt(input) {
  return oneAtATime(input, async () => {
    const pdf = await receipt.renderReceipt(input);
    return withMovedPdf(pdf, pdf);
  });
}

/** Named task: the sealed record of a workflow. */
export function renderSealedWorkflow(input) {
  return oneAtATime(input, async () => {
    const pdf = await sealed.renderSealedWorkflow(input);
    return withMovedPdf(pdf, pdf);
  });
}

/** Named task: the sealed record of a workflow, traced (explain). */
export function renderSealedWorkflowTraced(input) {
  return oneAtATime(input, async () => {
    const result = await sealed.renderSealedWorkflowTraced(input);
    return withMovedPdf(result, result.pdf);
  });
}

/** Named task: the certificate of completion of a workflow with e-signature. */
export function renderCompletionCertificate(input) {
  return oneAtATime(input, async () => {
    const pdf = await certificate.renderCompletionCertificate(input);
    return withMovedPdf(pdf, pdf);
  });
}

/** Named task: an explain report (summary or detailed) of a stored trace. */
export function renderExplainReport(input) {
  return oneAtATime(input, async () => {
    const pdf = await report.renderExplainReport(input);
    return withMovedPdf(pdf, pdf);
  });
}
