// `npm run admin`: the command line of scripts/admin-cli.ts, its exit code the process's.
import { runAdmin } from "./admin-cli";

void runAdmin(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
