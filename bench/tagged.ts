/**
 * Tagged PDF section of `npm run bench` (issue 31), also run alone with BENCH_ONLY=tagged: what
 * accessible output costs. The notice and the statement as Sealpost makes them (PDF/UA: tagged, fonts
 * embedded) beside the same documents tagged in the built-in fonts (what the embedded fonts cost) and
 * untagged in them (react-pdf's own output: what the structure tree costs), in one render thread
 * with the server's environment, the three in rotating order. Targets for the structure tree:
 * tagged ≥ 0.9× the untagged documents per second, and ≤ 1.3× their size.
 */
import fs from "node:fs";
import path from "node:path";
import type { PdfProfile } from "@/lib/pdf/render-document";
import { templateVersion as versionOf } from "@/lib/templates/load-template";
import { noticeRecord, statementRecord } from "./documents";
import { median } from "./measure";
import { benchRenderThread } from "./render-thread";
import { line } from "./workflow";

const ROUNDS = Number(process.env.BENCH_TAGGED_PAIRS || 100);
const WARM = 20;
const PROFILES: PdfProfile[] = ["pdf/ua", "tagged", "untagged"];

export async function taggedBench(lines: string[]) {
  const { pool, close } = benchRenderThread("tagged");
  try {
    for (const [template, record, rounds] of [
      ["notice.md", noticeRecord, ROUNDS],
      ["statement.md", statementRecord, Math.ceil(ROUNDS / 3)],
    ] as const) {
      const templateVersion = versionOf(fs.readFileSync(path.join("bench/templates", template), "utf8"));
      const render = async (i: number, profile: PdfProfile) => {
        const t0 = performance.now();
        const { pdf } = await pool.run({
          templatePath: template,
          templateVersion,
          record: record(i),
          meta: { correlationId: `bench-${i}`, title: template, documentId: null },
          profile,
        });
        return { ms: performance.now() - t0, bytes: pdf.byteLength };
      };
      for (let i = 0; i < WARM; i++) for (const profile of PROFILES) await render(i, profile);
      const runs = new Map<PdfProfile, Array<{ ms: number; bytes: number }>>(PROFILES.map((p) => [p, []]));
      for (let r = 0; r < rounds; r++) {
        // Each profile goes first, second and third equally often: the host's drift favours none.
        for (let k = 0; k < PROFILES.length; k++) {
          const profile = PROFILES[(r + k) % PROFILES.length];
          runs.get(profile)!.push(await render(1000 + r, profile));
        }
      }
      const ms = (p: PdfProfile) => runs.get(p)!.map((x) => x.ms);
      const bytes = (p: PdfProfile) => median(runs.get(p)!.map((x) => x.bytes));
      const speed = (a: PdfProfile, b: PdfProfile) => (median(ms(b)) / median(ms(a))).toFixed(2);
      const size = (a: PdfProfile, b: PdfProfile) => `${bytes(a)} vs ${bytes(b)} bytes: ${(bytes(a) / bytes(b)).toFixed(2)}×`;
      lines.push(
        line(`${template} tagged in the built-in fonts, one render thread`, ms("tagged"), "the same documents untagged", ms("untagged")),
      );
      lines.push(
        `  the structure tree: documents per second tagged / untagged ${speed("tagged", "untagged")} (target ≥ 0.9); size ${size("tagged", "untagged")} (target ≤ 1.3)`,
      );
      lines.push(
        line(
          `${template} PDF/UA (tagged, fonts embedded), one render thread`,
          ms("pdf/ua"),
          "the same documents tagged in the built-in fonts",
          ms("tagged"),
        ),
      );
      lines.push(
        `  the embedded fonts: documents per second ${speed("pdf/ua", "tagged")}; size ${size("pdf/ua", "tagged")}; PDF/UA against untagged: ${speed("pdf/ua", "untagged")} the documents per second, ${(bytes("pdf/ua") / bytes("untagged")).toFixed(2)}× the size`,
      );
    }
  } finally {
    await close();
  }
}
