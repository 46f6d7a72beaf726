/**
 * Templates section of `npm run bench` (issue 29), also run alone with BENCH_ONLY=templates: what
 * formatters, a condition and other scripts cost per document, each beside its reference in the
 * same run, in one render thread with the server's environment (production React, the thread's
 * fonts warmed up as the server's are):
 * - the bench notice with formatters on every amount and date and a condition
 *   (bench/templates/notice-formatted.md) beside the same notice without them (notice.md);
 * - the notice to a customer with a Chinese name beside the same notice to Latin names.
 * Pairs alternate their order so that a drift of the shared machine favours neither side.
 */
import fs from "node:fs";
import path from "node:path";
import { templateVersion as versionOf } from "@/lib/templates/load-template";
import { noticeRecord } from "./documents";
import { median } from "./measure";
import { benchRenderThread } from "./render-thread";
import { line } from "./workflow";

const PAIRS = Number(process.env.BENCH_TEMPLATE_PAIRS || 150);
const WARM = 20;
const CHINESE = ["李小龍", "王小明", "張偉", "劉洋", "陳靜", "楊帆", "趙磊", "黃麗"];

export async function templatesBench(lines: string[]) {
  const { pool, close } = benchRenderThread("templates");
  const version = (t: string) => versionOf(fs.readFileSync(path.join("bench/templates", t), "utf8"));
  const templates = { plain: "notice.md", formatted: "notice-formatted.md" };
  const versions = { plain: version(templates.plain), formatted: version(templates.formatted) };
  const render = async (which: keyof typeof templates, record: Record<string, unknown>, i: number) => {
    const t0 = performance.now();
    await pool.run({
      templatePath: templates[which],
      templateVersion: versions[which],
      record,
      meta: { correlationId: `bench-${i}`, title: "Payment notice", documentId: null },
    });
    return performance.now() - t0;
  };
  try {
    const record = (i: number, name?: string) => ({ ...noticeRecord(i), ...(name ? { customerName: name } : {}) });
    for (let i = 0; i < WARM; i++) {
      await render("plain", record(i), i);
      await render("formatted", record(i), i);
      await render("plain", record(i, CHINESE[i % CHINESE.length]), i);
    }
    const plain: number[] = [];
    const formatted: number[] = [];
    const latin: number[] = [];
    const chinese: number[] = [];
    for (let p = 0; p < PAIRS; p++) {
      const i = 1000 + p;
      if (p % 2 === 0) {
        plain.push(await render("plain", record(i), i));
        formatted.push(await render("formatted", record(i), i));
        latin.push(await render("plain", record(i), i));
        chinese.push(await render("plain", record(i, CHINESE[p % CHINESE.length]), i));
      } else {
        formatted.push(await render("formatted", record(i), i));
        plain.push(await render("plain", record(i), i));
        chinese.push(await render("plain", record(i, CHINESE[p % CHINESE.length]), i));
        latin.push(await render("plain", record(i), i));
      }
    }
    const speed = (xs: number[], ref: number[]) => {
      return (median(ref) / median(xs)).toFixed(2);
    };
    lines.push(
      line("Notice with formatters on 12 values and a condition, one render thread", formatted, "the same notice without them", plain),
    );
    lines.push(`  documents per second with formatters and a condition / without: ${speed(formatted, plain)} (target ≥ 0.95)`);
    lines.push(
      line(
        "Notice to a Chinese name (Noto Sans SC subset embedded)",
        chinese,
        "the same notice to a Latin name (built-in fonts only)",
        latin,
      ),
    );
    lines.push(`  documents per second Chinese / Latin: ${speed(chinese, latin)}`);
  } finally {
    await close();
  }
}
