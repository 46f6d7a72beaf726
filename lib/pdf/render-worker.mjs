// Entry of a render worker thread. Plain JavaScript because Next.js bundles the server code and a
// worker thread needs a file of its own: tsx compiles the TypeScript render code on load (cached).
import { register } from "tsx/esm/api";

register();
const task = await import("./render-task.ts");
const receipt = await import("./receipt.tsx");

export default task.default;
/** Named task (piscina's `name`): the batch intake receipt. */
export const renderReceipt = receipt.renderReceipt;
