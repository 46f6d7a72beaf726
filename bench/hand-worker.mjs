// Render thread of the hand-written reference (bench only): compiles the TSX on load, as lib/pdf/render-worker.mjs does.
import { register } from "tsx/esm/api";

register();
const { renderHandNotice } = await import("./hand-notice.tsx");

export default async function render({ record, faces }) {
  return (await renderHandNotice(record, faces)).byteLength;
}
