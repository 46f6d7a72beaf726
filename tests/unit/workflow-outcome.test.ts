import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getBlobStore } from "@/lib/blob/store";
import { getDb } from "@/lib/db/client";
import { momentText } from "@/lib/format/moment-text";
import { storedPdfResponse } from "@/lib/http/pdf-response";
import { mailOutbox, workflowEvents, workflows, type Workflow } from "@/lib/db/schema";
import { changeWorkflow } from "@/lib/workflow/change-workflow";
import { rejection } from "@/lib/workflow/approval/decide-workflow";
import type { Decider } from "@/lib/workflow/approval/decider";
import { onWorkflowTerminal } from "@/lib/workflow/on-terminal";
import { bootstrapPayload } from "@/lib/workflow/present-workflow";
import { requestChanges } from "@/lib/workflow/approval/request-changes";
import { readSealed } from "@/lib/workflow/sealing/read-sealed";
import { sealedKey, sealWorkflow } from "@/lib/workflow/sealing/seal-workflow";
import { pdfText } from "../support/pdf";
import { useWorkflowDatabase } from "../support/workflow-db";
import { workflowRow } from "../support/workflow-row";

const participants = [
  { email: "pat@example.test", displayName: "Pat Doe" },
  { email: "sam@example.test", displayName: null },
];
const reviewer: Decider = { tenantId: "acme", actor: { name: "stage@acme.test" }, by: () => "stage@acme.test" };

for (const driver of ["postgres", "pglite"] as const) {
  describe(`a workflow's end on ${driver}`, () => {
    useWorkflowDatabase(driver);

    /** A workflow its participants were invited to (as createWorkflow records it), pending approval. */
    const invited = async (over: Partial<Workflow> = {}) => {
      const wf = workflowRow({
        title: "Leave request 2026",
        settings: { recipients: participants, requireOtp: false, organizationName: "Acme HR", options: {} } as Workflow["settings"],
        data: [{ name: { value: "Jane Roe", updatedAt: "2026-03-01T00:00:00.000Z" } }],
        ...over,
      });
      const db = await getDb();
      await db.insert(workflows).values(wf);
      await db
        .insert(workflowEvents)
        .values({ workflowId: wf.id, tenantId: "acme", kind: "workflow.invited", actor: "init@acme.test", detail: {} });
      return wf;
    };
    const toSealing = async (id: string) => (await getDb()).update(workflows).set({ state: "sealing" }).where(eq(workflows.id, id));
    const row = async (id: string) => (await (await getDb()).select().from(workflows).where(eq(workflows.id, id)))[0];
    const outcomeMails = async (id: string) =>
      (
        await (
          await getDb()
        )
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.tenantId, "acme"), like(mailOutbox.dedupeKey, `workflow-outcome:${id}:%`)))
      ).sort((a, b) => a.to.localeCompare(b.to));

    it("mails each participant once when the workflow is sealed, with the portal link where the record is downloaded", async () => {
      const wf = await invited();
      await toSealing(wf.id);
      await sealWorkflow("acme", wf.id);
      // A retried seal job, and the terminal hook run again, queue nothing more.
      await sealWorkflow("acme", wf.id);
      const done = await row(wf.id);
      await (await getDb()).transaction((tx) => onWorkflowTerminal(tx, done));
      const mails = await outcomeMails(wf.id);
      expect(mails.map((m) => [m.to, m.subject])).toEqual([
        ["pat@example.test", 'Acme HR: "Leave request 2026" is approved'],
        ["sam@example.test", 'Acme HR: "Leave request 2026" is approved'],
      ]);
      expect(mails[0].text).toContain("Hello Pat Doe,");
      expect(mails[1].text.split("\n")[0]).toBe("Hello,");
      expect(mails[0].text).toContain(`See the record and download it (PDF): [[portal-link:participant:${wf.id}:acme]]`);
      expect(mails[0].text).toContain(`Reference: ${wf.correlationId}`);
    });

    it("mails each participant once when the workflow is rejected, without the approver's comment", async () => {
      const wf = await invited();
      const reject = () =>
        changeWorkflow("acme", wf.id, "reject", reviewer.actor, (w) => rejection(w, "stage@acme.test", "internal: over budget", "reject"));
      await reject();
      await reject().catch(() => undefined); // a second rejection is refused: still one mail
      const mails = await outcomeMails(wf.id);
      expect(mails.map((m) => m.subject)).toEqual([
        'Acme HR: "Leave request 2026" was not approved',
        'Acme HR: "Leave request 2026" was not approved',
      ]);
      expect(mails[0].text).toContain("did not approve your answers");
      expect(mails[0].text).not.toContain("over budget");
    });

    it("sends nothing to participants who were never invited (validated on creation)", async () => {
      const wf = workflowRow({
        state: "sealing",
        settings: { recipients: participants, requireOtp: false, options: {} } as Workflow["settings"],
      });
      await (await getDb()).insert(workflows).values(wf);
      await sealWorkflow("acme", wf.id);
      expect(await outcomeMails(wf.id)).toEqual([]);
    });

    it("writes each change request's text, field, who and when into the sealed PDF's history", async () => {
      const wf = await invited();
      await requestChanges(reviewer, wf.id, [
        { message: "Use your full legal name", fieldKey: "name", severity: "error", dueDate: "2026-04-01" },
        { message: "Attach the signed form", severity: "warning", category: "documents" },
      ]);
      const asked = (await row(wf.id)).approvalHistory.at(-1)!;
      // The participant submits again and is asked once more: the first round's requests are not the workflow's any more.
      await (await getDb()).update(workflows).set({ state: "pending-approval" }).where(eq(workflows.id, wf.id));
      await requestChanges(reviewer, wf.id, [{ message: "Sign with blue ink", severity: "info" }]);
      await toSealing(wf.id);
      await sealWorkflow("acme", wf.id);
      const text = await pdfText((await getBlobStore().get(sealedKey("acme", wf.id)))!);
      // The history row: when, what, who (pdftotext interleaves the columns' wrapped lines).
      expect(text).toContain(`Approval history ${momentText(asked.at)} Changes requested (stage`);
      expect(text).toContain("stage@acme.test: 2 changes requested");
      expect(text).toContain("– Name: Use your full legal name (error, by 1 April 2026)");
      expect(text).toContain("– Attach the signed form (warning, documents)");
      expect(text).toContain("stage@acme.test: 1 change requested");
      expect(text).toContain("– Sign with blue ink (info)");
    });

    it("names the sealed PDF the same in the API's download and the portal's", async () => {
      const wf = await invited({ state: "sealing" });
      await sealWorkflow("acme", wf.id);
      const res = storedPdfResponse(await readSealed("acme", wf.id));
      const fromApi = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")![1];
      expect(fromApi).toBe("Leave-request-2026-sealed.pdf");
      for (const role of ["participant", "reviewer"] as const)
        expect(bootstrapPayload(await row(wf.id), role).workflow.sealedFileName).toBe(fromApi);
      expect(bootstrapPayload(await invited(), "participant").workflow.sealedFileName).toBeNull();
    });
  });
}
