import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSignedByAll } from "../support/esign-checks";
import {
  esignFixtures,
  person,
  sealedForSigning,
  signedPdf,
  signingLink,
  signWith,
  typedSignature,
  workflowStatus,
  type EsignFixtures,
} from "../support/esign-flow";
import { startPgCluster } from "../support/pg-cluster";
import { freePort } from "../support/free-port";
import { eventually, type Stack } from "../support/stack";
import { startWorkflowStack } from "../support/workflow";
import { tenantFolder } from "@/lib/blob/keys";

/**
 * E-signature when what the server stands on goes away while a signature is being applied: the
 * blob store (the current revision cannot be read, the new one cannot be written) and PostgreSQL
 * (restarted under the signing job). Afterwards each signature is in the file exactly once, every
 * one valid, and the store holds one file per revision: nothing half-written, nothing twice.
 * PostgreSQL only (a cluster of this file's own, which it restarts); the signing job is the same on
 * the embedded database.
 */

let fx: EsignFixtures;
let cluster: Awaited<ReturnType<typeof startPgCluster>>;
let stack: Stack;

beforeAll(async () => {
  fx = await esignFixtures();
  cluster = await startPgCluster(await freePort());
  stack = await startWorkflowStack({ env: fx.env, pgAdminUrl: cluster.adminUrl });
});
afterAll(async () => {
  await stack?.stop();
  await cluster?.stop();
  await fx?.close();
});

const status = (id: string) => workflowStatus(stack, id);
const revisionsDir = (id: string) => path.join(stack.env.DATA_DIR!, "blobs", tenantFolder("acme"), "workflows", id, "revisions");
const activity = async (id: string) =>
  (await (await stack.api("submitter", "GET", `/api/workflow/${id}/activity`)).json()).events as Array<{
    kind: string;
    detail: Record<string, unknown>;
  }>;

/** Everything a finished workflow of `names` must hold: one signature each, all valid, one file per revision, one event per signature. */
async function expectSignedOnceEach(id: string, names: string[]) {
  const s = await status(id);
  expect(s.state).toBe("complete");
  expect(s.signing.documentRevision).toBe(names.length);
  expect(fs.readdirSync(revisionsDir(id)).sort()).toEqual(Array.from({ length: names.length + 1 }, (_, i) => `${i}.pdf`).sort());
  expect((await activity(id)).filter((e) => e.kind === "signer.signed")).toHaveLength(names.length);
  const lastSigned = s.signing.signers.findIndex((x: { signedRevision: number }) => x.signedRevision === names.length);
  await expectSignedByAll(await signedPdf(stack, id), names, { ...fx.checks(), lastSigned });
}

describe("the blob store away while a signature is applied", () => {
  it("fails the signing job, which is retried: once the store is back the signature is applied once, the earlier one intact", async () => {
    const signers = [person("Ola"), person("Pim")];
    const id = await sealedForSigning(stack, signers, "sequential");
    expect((await signWith(stack, await signingLink(stack, signers[0].email), typedSignature(signers[0].name))).status).toBe(202);
    await eventually(async () => (await status(id)).signing.signers[0].state === "signed", 60_000, "the first signature");

    // The workflow's folder becomes a file: the current revision cannot be read, nor a new one written.
    const folder = path.join(stack.env.DATA_DIR!, "blobs", tenantFolder("acme"), "workflows", id);
    fs.renameSync(folder, `${folder}.away`);
    fs.writeFileSync(folder, "not a folder");
    expect((await signWith(stack, await signingLink(stack, signers[1].email), typedSignature(signers[1].name))).status).toBe(202);
    await eventually(
      async () => /\(workflow-apply-signature\) attempt \d+\/\d+ failed, retry/.test(stack.log()),
      30_000,
      "a failed signing attempt",
    );
    const during = await status(id);
    expect(during).toMatchObject({ state: "sealing" });
    expect(during.signing.documentRevision).toBe(1);
    expect(during.signing.signers[1].state).not.toBe("signed");

    fs.rmSync(folder);
    fs.renameSync(`${folder}.away`, folder);
    await eventually(async () => (await status(id)).state === "complete", 90_000, "completion once the store is back");
    await expectSignedOnceEach(
      id,
      signers.map((x) => x.name),
    );
  });
});

describe("PostgreSQL restarted while signatures are applied", () => {
  it("two signers confirming together, the database restarted at once: both signatures land once, in one file, both valid", async () => {
    const signers = [person("Quinn"), person("Rae")];
    const id = await sealedForSigning(stack, signers, "parallel");
    const tokens = await Promise.all(signers.map((x) => signingLink(stack, x.email)));
    const answers = await Promise.all(tokens.map((t, i) => signWith(stack, t, typedSignature(signers[i].name))));
    expect(answers.map((r) => r.status)).toEqual([202, 202]);
    await cluster.restart();
    await eventually(async () => (await fetch(`${stack.baseUrl}/api/health`)).ok, 60_000, "health back");
    await eventually(async () => (await status(id)).state === "complete", 90_000, "completion after the restart");
    await expectSignedOnceEach(
      id,
      signers.map((x) => x.name),
    );
  });
});
