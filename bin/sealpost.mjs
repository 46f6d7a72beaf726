#!/usr/bin/env node
// The CLI is TypeScript run through tsx (a dependency), as the worker and the dev server are.
import { register } from "tsx/esm/api";

register();
const { run } = await import("../cli/main.ts");
process.exitCode = await run(process.argv);
