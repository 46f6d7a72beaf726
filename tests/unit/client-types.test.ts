import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { CLIENT_TYPES_FILE, clientTypesSource } from "@/scripts/client-types";

it("the typed client's committed types match the OpenAPI document the routes make", async () => {
  const committed = readFileSync(path.resolve(import.meta.dirname, "../..", CLIENT_TYPES_FILE), "utf8");
  expect(committed === (await clientTypesSource()), `${CLIENT_TYPES_FILE} is stale: run npm run client:types`).toBe(true);
}, 60_000);
