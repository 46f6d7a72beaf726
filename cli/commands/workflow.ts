import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { paths } from "../../client/index";
import { CliError, EXIT, type Output } from "../output";
import { apiClient, saveBody } from "../session";
import { workflowStatusLines } from "../workflow-status-text";

type CreateBody = paths["/api/workflow"]["post"]["requestBody"] extends { content: { "application/json": infer B } } | undefined
  ? B
  : never;

/**
 * `sealpost workflow create`: a body file as POST /api/workflow takes it, or the template and the
 * participants on the command line. A correlation id is always sent, so that a retry of a create
 * whose answer was lost names the same workflow instead of inviting the participant twice.
 */
export async function workflowCreate(
  o: { template?: string; body?: string; recipient?: string[]; correlationId?: string },
  out: Output,
): Promise<void> {
  let body: CreateBody;
  if (o.body) {
    try {
      body = JSON.parse(await readFile(o.body, "utf8")) as CreateBody;
    } catch (err) {
      throw new CliError(`Cannot read ${o.body} as JSON: ${(err as Error).message}`, EXIT.usage);
    }
    if (o.template) body.templatePath = o.template;
  } else if (o.template) {
    const recipients = (o.recipient ?? []).map((r) => {
      const [email, ...name] = r.split(",");
      return { email: email.trim(), ...(name.length ? { displayName: name.join(",").trim() } : {}) };
    });
    body = { templatePath: o.template, templateSettings: recipients.length ? { workflow: { recipients } } : undefined } as CreateBody;
  } else throw new CliError("Give --template PATH or --body FILE", EXIT.usage);
  body.correlationId = o.correlationId ?? body.correlationId ?? randomUUID();

  const api = await apiClient();
  const { data } = await api.POST("/api/workflow", { body });
  out.result(data, () => [`Workflow ${data!.workflowId}: ${data!.state}`, ...(data!.portalUrl ? [`Portal: ${data!.portalUrl}`] : [])]);
}

/** `sealpost workflow status ID`: the state and what follows from it in words (its signers, one a line); --json the whole answer. */
export async function workflowStatus(workflowId: string, out: Output): Promise<void> {
  const api = await apiClient();
  const { data } = await api.GET("/api/workflow/{workflowId}/status", { params: { path: { workflowId } } });
  out.result(data, () => workflowStatusLines(data!));
}

/** `sealpost workflow export ID`: the collected data as JSON or CSV, to a file or stdout. */
export async function workflowExport(workflowId: string, o: { format: string; out?: string }, out: Output): Promise<void> {
  if (!["json", "csv"].includes(o.format)) throw new CliError("--format is json or csv", EXIT.usage);
  const api = await apiClient();
  const { data } = await api.GET("/api/workflow/{workflowId}/export", {
    params: { path: { workflowId }, query: { format: o.format } },
    parseAs: "stream",
  });
  if (o.out) {
    const bytes = await saveBody(data, o.out);
    return out.result({ workflowId, file: o.out, format: o.format, bytes }, () => [
      `${o.out}: ${bytes} bytes of ${o.format.toUpperCase()}`,
    ]);
  }
  // No file: the export itself is the result, as the server wrote it.
  for await (const chunk of data as unknown as AsyncIterable<Uint8Array>) process.stdout.write(chunk);
}

/** `sealpost explain CORRELATION_ID`: the summary or detailed report PDF, or the raw trace JSON. */
export async function explain(
  correlationId: string,
  o: { summary?: string; detailed?: string; trace?: string; lang?: string },
  out: Output,
): Promise<void> {
  if ([o.summary, o.detailed, o.trace].filter(Boolean).length !== 1)
    throw new CliError("Give one of --summary FILE, --detailed FILE or --trace FILE", EXIT.usage);
  const api = await apiClient();
  if (o.trace) {
    const { data } = await api.GET("/api/explain/trace", { params: { query: { correlationId } }, parseAs: "stream" });
    const bytes = await saveBody(data, o.trace);
    return out.result({ correlationId, file: o.trace, bytes }, () => [`${o.trace}: trace, ${bytes} bytes`]);
  }
  const mode = o.summary ? ("summary" as const) : ("detailed" as const);
  const file = (o.summary ?? o.detailed)!;
  const query = { correlationId, mode, ...(o.lang ? { lang: o.lang } : {}) };
  const { data, response } = await api.GET("/api/explain/generate-pdf", { params: { query }, parseAs: "stream" });
  const bytes = await saveBody(data, file);
  const lang = response.headers.get("content-language");
  out.result({ correlationId, mode, lang, file, bytes, cache: response.headers.get("x-svc-report-cache") }, () => [
    `${file}: ${mode} report (${lang}), ${bytes} bytes`,
  ]);
}
