/**
 * Tagged PDF section of `npm run bench` (issue 31), also run alone with BENCH_ONLY=tagged: what the
 * structure tree costs, the notice and the statement tagged (as Sealpost makes them) beside the same
 * documents untagged (`untagged`, the bench's reference), in one render thread with the server's
 * environment, pairs alternating their order. Targets: tagged ≥ 0.9× the untagged documents per
 * second, and ≤ 1.3× their size.
 */
import fs from "node:fs";
import path from "node:path";
import { templateVersion as versionOf } from "@/lib/templates/load-template";
import { noticeRecord, statementRecord } from "./documents";
import { median } from "./measure";
import { benchRenderThread } from "./render-thread";
import { line } from "./workflow";

const PAIRS = Number(process.env.BENCH_TAGGED_PAIRS || 100);
const WARM = 20;

export async function taggedBench(lines: string[]) {
  const { pool, close } = benchRenderThread("tagged");
  try {
    for (const [template, record, pairs] of [
      ["notice.md", noticeRecord, PAIRS],
      ["statement.md", statementRecord, Math.ceil(PAIRS / 3)],
    ] as const) {
      const templateVersion = versionOf(fs.readFileSync(path.join("bench/templates", template), "utf8"));
      const render = async (i: number, untagged: boolean) => {
        const t0 = performance.now();
        const { pdf } = await pool.run({ templatePath: template, templateVersion, record: record(i), meta: { correlationId: `bench-${i}`, title: template, documentId: null }, untagged });
        return { ms: performance.now() - t0, bytes: pdf.byteLength };
      };
      for (let i = 0; i < WARM; i++) {
        await render(i, false);
        await render(i, true);
      }
      const tagged: Array<{ ms: number; bytes: number }> = [];
      const plain: Array<{ ms: number; bytes: number }> = [];
      for (let p = 0; p < pairs; p++) {
        const i = 1000 + p;
        if (p % 2 === 0) {
          tagged.push(await render(i, false));
          plain.push(await render(i, true));
        } else {
          plain.push(await render(i, true));
          tagged.push(await render(i, false));
        }
      }
      const ms = (xs: typeof tagged) => xs.map((x) => x.ms);
      const bytes = (xs: typeof tagged) => median(xs.map((x) => x.bytes));
      lines.push(line(`${template} tagged, one render thread`, ms(tagged), "the same documents untagged", ms(plain)));
      lines.push(
        `  documents per second tagged / untagged: ${(median(ms(plain)) / median(ms(tagged))).toFixed(2)} (target ≥ 0.9); ` +
          `size ${bytes(tagged)} vs ${bytes(plain)} bytes: ${(bytes(tagged) / bytes(plain)).toFixed(2)}× (target ≤ 1.3)`,
      );
    }
  } finally {
    await close();
  }
}
