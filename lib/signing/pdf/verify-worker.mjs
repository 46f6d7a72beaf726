// Entry of a verification thread (verify-pool.ts). Plain JavaScript, loaded as a file at run time and
// never bundled, as lib/pdf/render-worker.mjs: tsx compiles the TypeScript on load (cached).
import { register } from "tsx/esm/api";

register();
const { markPhase, TaskPhase } = await import("../../pdf/task-progress.ts");
const { verifyPdf } = await import("./verify-pdf.ts");

/** One file at a time per thread; the progress tells the caller when the work began (its deadline counts from there). */
export default async function verify({ bytes, options, progress }) {
  markPhase(progress, TaskPhase.layingOut);
  try {
    return await verifyPdf(bytes, options);
  } finally {
    markPhase(progress, TaskPhase.done);
  }
}
