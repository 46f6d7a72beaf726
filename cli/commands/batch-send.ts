import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { readFile } from "node:fs/promises";
import { blockedMessage, SealpostProblem, sendDecision, thresholdsFromEnv, type BatchCheck } from "../../client/index";
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
  /** A JSON file of templateSettings (distribution overrides, explainDocument…). */
  settings?: string;
  explain?: boolean;
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
  const templateSettings = o.settings ? await readSettings(o.settings) : undefined;
  const api = await apiClient();
  const { data: check } = await api
    .POST("/api/dispatch/batch/check", { body: { templatePath: o.template, ...input, templateSettings } })
    .catch((err: unknown) => {
      // More records than the server takes at all: the person is still asked what the spec asks.
      if (
        err instanceof SealpostProblem &&
        err.code === "batch.too_many_records" &&
        typeof err.body.records === "number" &&
        err.body.records > thresholds.max
      ) {
        throw new CliError(blockedMessage(err.body.records, thresholds.max), EXIT.threshold, {
          decision: "blocked",
          counts: { total: err.body.records },
          thresholds,
        });
      }
      throw err;
    });
  if (!check) throw new Error("The check answered nothing");
  const total = check.counts.total;
  const decision = sendDecision(total, thresholds);
  showFindings(check, out);

  const base = { templatePath: check.templatePath, counts: check.counts, readiness: check.readiness, decision: decision.kind };
  if (decision.kind === "blocked") throw new CliError(decision.message, EXIT.threshold, { ...base, thresholds });
  if (check.counts.invalid > 0) {
    throw new CliError(
      `${check.counts.invalid} of ${total} records have errors: correct them and run again (nothing was sent)`,
      EXIT.records,
      { ...base, records: check.records.filter((r) => r.findings.length) },
    );
  }
  if (o.dryRun)
    return out.result({ ...base, sent: false, records: check.records, dataSource: check.dataSource }, () => [
      `Checked ${total} records; nothing was sent (--dry-run).`,
    ]);
  if (decision.kind === "confirm" && !o.yes) {
    const question = `Send ${total} records as one batch? More than ${thresholds.warning} records need a confirmation.`;
    if (!interactive())
      throw new CliError(
        `${total} records need a confirmation (more than ${thresholds.warning}): run again with --yes to send them`,
        EXIT.threshold,
        base,
      );
    if (!(await confirm(question))) throw new CliError("Not sent.", EXIT.threshold, base);
  }

  const correlationId = o.correlationId ?? randomUUID();
  const dataSource = "dataSource" in input ? input.dataSource : (check.dataSource ?? []);
  const { data: receipt, response } = await api.POST("/api/render", {
    body: {
      templatePath: o.template,
      dataSource,
      templateSettings,
      features: { svcDispatch: true, ...(o.explain ? { explainDocument: true } : {}) },
      options: { correlationId, sourceSystem: o.sourceSystem ?? "sealpost-cli" },
    },
    parseAs: "arrayBuffer",
  });
  if (o.receipt && receipt) await writeFile(o.receipt, new Uint8Array(receipt));
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
  out.note(
    `${check.templateTitle} (${check.templatePath}): ${c.total} records: ${c.ready} ready, ${c.warning} with warnings, ${c.invalid} invalid`,
  );
  if (check.unknownColumns.length) out.note(`Not fields of the template (kept, not checked): ${check.unknownColumns.join(", ")}`);
  const lines = check.records.flatMap((r) => r.findings.map((f) => `  record ${r.index + 1}  ${f.severity.padEnd(7)}  ${f.text}`));
  lines.slice(0, SHOWN_FINDINGS).forEach((l) => out.note(l));
  if (lines.length > SHOWN_FINDINGS) out.note(`  … and ${lines.length - SHOWN_FINDINGS} more (--json lists them all)`);
}

async function readSettings(path: string): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, "utf8"));
  } catch (err) {
    throw new CliError(`Cannot read ${path} as JSON: ${(err as Error).message}`, EXIT.usage);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new CliError(`${path} must hold a JSON object of templateSettings`, EXIT.usage);
  return value as Record<string, unknown>;
}
