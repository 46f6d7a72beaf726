import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { batchSend } from "./commands/batch-send";
import { batchDecide, batchDownload, batchWatch } from "./commands/batch";
import { login, logout } from "./commands/login";
import { explain, workflowCreate, workflowExport, workflowStatus } from "./commands/workflow";
import { describeFailure, EXIT, output, type Output } from "./output";

const positiveInt = (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError("a whole number of at least 1");
  return Number(v);
};
const collect = (v: string, all: string[] = []) => [...all, v];

/** The `sealpost` command line: `run(process.argv)` answers the exit code. */
export async function run(argv: string[]): Promise<number> {
  const program = new Command("sealpost")
    .description("Send governed documents with Sealpost: batches, workflows and explain reports from the command line.")
    .option("--json", "print the result as one JSON document on stdout (messages stay on stderr)")
    .showHelpAfterError()
    .exitOverride();
  let exitCode: number = EXIT.ok;
  const act =
    <A extends unknown[]>(fn: (out: Output, ...args: A) => Promise<void>) =>
    async (...args: A) => {
      const out = output(Boolean(program.opts().json));
      try {
        await fn(out, ...args);
      } catch (err) {
        const failure = describeFailure(err);
        exitCode = failure.exitCode;
        if (out.json) process.stdout.write(`${JSON.stringify(failure.body, null, 2)}\n`);
        process.stderr.write(`sealpost: ${failure.message}\n`);
      }
    };

  program
    .command("login")
    .description("check and save client credentials (client id and secret of your tenant's API client)")
    .requiredOption("--client-id <id>", "the API client's id")
    .option("--url <url>", "Sealpost's address", process.env.SEALPOST_URL ?? "http://localhost:3000")
    .option("--issuer <url>", "the OpenID provider (its token endpoint is discovered)", process.env.SEALPOST_ISSUER)
    .option("--token-url <url>", "the token endpoint, instead of --issuer")
    .option("--audience <aud>", "the API's audience (AUTH_AUDIENCE)", process.env.SEALPOST_AUDIENCE ?? "sealpost")
    .option("--client-secret-stdin", "read the secret from stdin instead of asking for it")
    .action(act((out, o) => login(o, out)));
  program
    .command("logout")
    .description("delete the saved credentials")
    .action(act((out) => logout(out)));

  const batch = program.command("batch").description("batch dispatch: send records, follow, decide and download");
  batch
    .command("send")
    .description("check records as intake will, apply the send thresholds, and send them as one batch")
    .requiredOption("--template <path>", "the template's path, e.g. notice.md")
    .requiredOption("--records <file>", "records: CSV (header row), JSON Lines, or a .json array; - reads stdin")
    .option("-y, --yes", "confirm a list above the warning threshold without asking (for scripts)")
    .option("--dry-run", "check and show the findings; send nothing")
    .option("--correlation-id <id>", "the batch's idempotency key (default: a new UUID)")
    .option("--receipt <file>", "save the intake receipt PDF")
    .option("--source-system <label>", "options.sourceSystem of the batch", "sealpost-cli")
    .option("--settings <file>", 'a JSON file of templateSettings, e.g. {"distribution": {"requireApproval": false}}')
    .option("--explain", "capture an explain trace of every record's render (premium and enterprise)")
    .action(act((out, o) => batchSend(o, out)));
  batch
    .command("watch")
    .description("follow a batch until it finishes, with a progress bar; exit 0 when completed")
    .argument("<batchId>")
    .addOption(new Option("--interval <ms>", "between polls").argParser(positiveInt).default(1000))
    .addOption(new Option("--timeout <s>", "give up after").argParser(positiveInt).default(3600))
    .option("--until-decided", "stop as soon as the batch no longer waits for an approver")
    .action(
      act((out, id: string, o: { interval: number; timeout: number; untilDecided?: boolean }) =>
        batchWatch(id, { intervalMs: o.interval, timeoutS: o.timeout, untilDecided: o.untilDecided }, out),
      ),
    );
  batch
    .command("decide")
    .description("approve, reject or request changes, as an approver of the batch")
    .argument("<batchId>")
    .addArgument(
      new Command().createArgument("<decision>", "approve, reject or request-changes").choices(["approve", "reject", "request-changes"]),
    )
    .option("--comment <text>", "the decision's comment")
    .action(
      act((out, id: string, decision: "approve" | "reject" | "request-changes", o: { comment?: string }) =>
        batchDecide(id, decision, o, out),
      ),
    );
  batch
    .command("download")
    .description("save the batch's ZIP bundle, combined PDF, or every document")
    .argument("<batchId>")
    .option("--bundle <file>", "the ZIP bundle (zipBundle batches)")
    .option("--combined <file>", "the combined PDF (combined mode)")
    .option("--documents <folder>", "every rendered document, one file each")
    .action(act((out, id: string, o) => batchDownload(id, o, out)));

  const workflow = program.command("workflow").description("workflow sessions: create, follow, export");
  workflow
    .command("create")
    .description("create a workflow session and invite its participants")
    .option("--template <path>", "the workflow template's path")
    .option("--recipient <email[,name]>", "a participant (repeat for several)", collect)
    .option("--body <file>", "a JSON body as POST /api/workflow takes it")
    .option("--correlation-id <id>", "the idempotency key (default: a new UUID)")
    .action(act((out, o) => workflowCreate(o, out)));
  workflow
    .command("status")
    .description("the workflow's state")
    .argument("<workflowId>")
    .action(act((out, id: string) => workflowStatus(id, out)));
  workflow
    .command("export")
    .description("the collected data as JSON or CSV")
    .argument("<workflowId>")
    .option("--format <format>", "json or csv", "json")
    .option("--out <file>", "write to a file instead of stdout")
    .action(act((out, id: string, o: { format: string; out?: string }) => workflowExport(id, o, out)));

  program
    .command("explain")
    .description("a render's explain report or trace, by its correlation id")
    .argument("<correlationId>")
    .option("--summary <file>", "the summary report PDF")
    .option("--detailed <file>", "the detailed report PDF")
    .option("--trace <file>", "the raw trace JSON")
    .option("--lang <tag>", "the report's language (one of the 25, e.g. de); the tenant's default otherwise")
    .action(act((out, id: string, o) => explain(id, o, out)));

  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError)
      return err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    throw err;
  }
  return exitCode;
}
