import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { sendDecision, thresholdsFromEnv, type BatchCheck } from "../../client/index";
import { CliError, EXIT, type Output } from "../output";
import { confirm, interactive } from "../prompt";
import { readRecordsFile } from "../records-file";
import { apiClient } from "../session";

export interface BatchSendOptions {
  template: string;
  records: string;
  yes?: boolean;
  dryRun?: boolean;
  correlationId?: string;
  receipt?: string;
  sourceSystem?: string;
}

/** Findings shown to a person before the rest is summed up; --json shows all of them. */
const SHOWN_FINDINGS = 30;

/**
 * `sealpost batch send`: the records are read and checked by the server exactly as intake will
 * check them (nothing is stored), the findings shown, the spec's thresholds applied (up to the
 * warning threshold it sends; up to the maximum only with a confirmation or --yes; above it never),
 * then sent as one governed batch with a correlation id, so that a retry never makes a second batch.
 */
export async function batchSend(o: BatchSendOptions, out: Output): Promise<void> {
  const thresholds = (() => {
    try {
      return thresholdsFromEnv(process.env);
    } catch (err) {
      throw new CliError((err as Error).message, EXIT.usage);
    }
  })();
  const input = await readRecordsFile(o.records);
  const api = await apiClient();
  const { data: check } = await api.POST("/api/dispatch/batch/check", { body: { templatePath: o.template, ...input } });
  if (!check) throw new Error("The check answered nothing");
  const total = check.counts.total;
  const decision = sendDecision(total, thresholds);
  showFindings(check, out);

  const base = { templatePath: check.templatePath, counts: check.counts, readiness: check.readiness, decision: decision.kind };
  if (decision.kind === "blocked") throw new CliError(decision.message, EXIT.threshold, { ...base, thresholds });
  if (check.counts.invalid > 0) {
    throw new CliError(`${check.counts.invalid} of ${total} records have errors: correct them and run again (nothing was sent)`, EXIT.records, { ...base, records: check.records.filter((r) => r.findings.length) });
  }
  if (o.dryRun) return out.result({ ...base, sent: false, records: check.records }, () => [`Checked ${total} records; nothing was sent (--dry-run).`]);
  if (decision.kind === "confirm" && !o.yes) {
    const question = `Send ${total} records as one batch? More than ${thresholds.warning} records need a confirmation.`;
    if (!interactive()) throw new CliError(`${total} records need a confirmation (more than ${thresholds.warning}): run again with --yes to send them`, EXIT.threshold, base);
    if (!(await confirm(question))) throw new CliError("Not sent.", EXIT.threshold, base);
  }

  const correlationId = o.correlationId ?? randomUUID();
  const dataSource = "dataSource" in input ? input.dataSource : (check.dataSource ?? []);
  const { response } = await api.POST("/api/render", {
    body: { templatePath: o.template, dataSource, features: { svcDispatch: true }, options: { correlationId, sourceSystem: o.sourceSystem ?? "sealpost-cli" } },
    parseAs: "arrayBuffer",
  });
  const receipt = new Uint8Array(await response.clone().arrayBuffer());
  if (o.receipt) await writeFile(o.receipt, receipt);
  const batchId = response.headers.get("x-svc-batchid");
  const sent = {
    ...base,
    sent: true,
    batchId,
    correlationId,
    readiness: response.headers.get("x-svc-dispatchreadiness"),
    replayed: response.headers.get("x-svc-idempotent-replay") === "true",
    receipt: o.receipt ?? null,
  };
  out.result(sent, () => [
    `Batch ${batchId} ${sent.replayed ? "(sent before with this correlation id)" : "sent"}: ${total} records, ${sent.readiness}.`,
    ...(o.receipt ? [`Intake receipt: ${o.receipt}`] : []),
    `Follow it: sealpost batch watch ${batchId}`,
  ]);
}

function showFindings(check: BatchCheck, out: Output) {
  if (out.json) return;
  const c = check.counts;
  out.note(`${check.templateTitle} (${check.templatePath}): ${c.total} records: ${c.ready} ready, ${c.warning} with warnings, ${c.invalid} invalid`);
  if (check.unknownColumns.length) out.note(`Not fields of the template (kept, not checked): ${check.unknownColumns.join(", ")}`);
  const lines = check.records.flatMap((r) => r.findings.map((f) => `  record ${r.index + 1}  ${f.severity.padEnd(7)}  ${f.message}`));
  lines.slice(0, SHOWN_FINDINGS).forEach((l) => out.note(l));
  if (lines.length > SHOWN_FINDINGS) out.note(`  … and ${lines.length - SHOWN_FINDINGS} more (--json lists them all)`);
}
