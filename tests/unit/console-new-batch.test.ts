import { describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/principal";
import { previewForConsole, sendFromConsole } from "@/lib/console/new-batch";
import { FILE_ID, inputProblem, TEXT_ID } from "@/lib/console/records-input";
import { recordsText } from "@/lib/console/records-text";
import { useTemplatesDir } from "../support/templates-dir";

useTemplatesDir();

const form = (parts: Record<string, string | File>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(parts)) f.set(k, v);
  return f;
};
const HEADER = "customerId,name,amount,recipientEmail";
const rows = (n: number, amount = 5) =>
  `${HEADER}\n${Array.from({ length: n }, (_, i) => `C${100 + i},Name ${i},${amount},c${i}@example.test`).join("\n")}\n`;
// Every refusal below comes before the principal is used: none of them may reach intake.
const nobody = {} as Principal;

describe("the records a person gives", () => {
  it("are one of a file and pasted text, within the limits", () => {
    expect(inputProblem(null, " ")).toEqual({ targetId: FILE_ID, message: "Select a CSV file, or paste the records" });
    expect(inputProblem({ name: "a.csv", size: 3 }, "x")).toEqual({
      targetId: TEXT_ID,
      message: "Upload a file or paste the records, not both",
    });
    expect(inputProblem({ name: "a.xlsx", size: 3 }, "")?.message).toBe("The selected file must be a CSV or JSON Lines file");
    expect(inputProblem({ name: "A.CSV", size: 1024 * 1024 }, "")).toBeNull();
    expect(inputProblem({ name: "a.csv", size: 1024 * 1024 + 1 }, "")?.message).toBe("The selected file must be smaller than 1 MB");
    expect(inputProblem(null, "é".repeat(600_000))?.message).toBe("The pasted records must be 1 MB or less");
  });

  it("are read as UTF-8; other encodings, binary files and unstorable text are refused", async () => {
    const file = (bytes: number[] | string) => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], "r.csv");
    expect(await recordsText(form({ [FILE_ID]: file("name\nJürgen\n") }))).toEqual({ ok: true, text: "name\nJürgen\n" });
    expect(await recordsText(form({ [FILE_ID]: file([0x4a, 0xfc, 0x72]) }))).toMatchObject({
      ok: false,
      error: { targetId: FILE_ID, message: expect.stringMatching(/UTF-8/) },
    });
    expect(await recordsText(form({ [FILE_ID]: file([0x61, 0x00, 0x62]) }))).toMatchObject({
      ok: false,
      error: { message: "The selected file must be a CSV or JSON Lines file" },
    });
    // (A lone surrogate never arrives: a form's strings are USVStrings, so it is already U+FFFD.)
    expect(await recordsText(form({ [TEXT_ID]: "a\n\u0000" }))).toMatchObject({
      ok: false,
      error: { targetId: TEXT_ID, message: expect.stringMatching(/NUL/) },
    });
    // A form with no file chosen still posts an empty, nameless file part.
    expect(await recordsText(form({ [FILE_ID]: new File([], ""), [TEXT_ID]: "a\nb" }))).toEqual({ ok: true, text: "a\nb" });
  });
});

describe("sending from the console", () => {
  it("refuses, on the server, a list above the maximum, an unconfirmed list above the warning threshold, and invalid records", async () => {
    process.env.svc_batchwarningthreshold = "3";
    process.env.svc_batchmaxthreshold = "5";
    const { resetEnvCache } = await import("@/lib/env");
    resetEnvCache();
    try {
      const send = (text: string, confirmed = false) =>
        sendFromConsole(nobody, { templatePath: "letter.md", text, inputId: TEXT_ID, correlationId: "c-1", confirmed });
      expect(await send(rows(6), true)).toEqual({
        ok: false,
        errors: [{ targetId: TEXT_ID, message: "You have selected 6 records. Select 5 or fewer records to send them in one batch." }],
      });
      expect(await send(rows(4))).toEqual({
        ok: false,
        errors: [{ targetId: "confirm", message: "Confirm that you want to send 4 records" }],
      });
      expect(await send(rows(2, 99_999), true)).toEqual({
        ok: false,
        errors: [{ targetId: TEXT_ID, message: "Correct the 2 records with errors, then give the records again" }],
      });
      expect(await send("customerId\n", true)).toMatchObject({
        ok: false,
        errors: [{ message: expect.stringMatching(/^There are no records/) }],
      });
    } finally {
      delete process.env.svc_batchwarningthreshold;
      delete process.env.svc_batchmaxthreshold;
      resetEnvCache();
    }
  });

  it("says who will approve before sending, by intake's rule: never the sender, and nobody when only the sender could", async () => {
    const sender = (email: string, approvers: string[]) =>
      ({ email, subject: email, tenant: { id: "acme", approvers } }) as unknown as Principal;
    const approval = async (p: Principal) => {
      const answer = await previewForConsole(p, "letter.md", rows(1), TEXT_ID);
      if (!answer.ok) throw new Error(JSON.stringify(answer.errors));
      return answer.preview.approval;
    };
    const both = ["ann@acme.test", "bob@acme.test"];
    expect(await approval(sender("sam@acme.test", both))).toEqual({
      kind: "approvers",
      approvers: both,
      senderLeftOut: false,
      tenantInstead: false,
    });
    expect(await approval(sender("Ann@acme.test", both))).toEqual({
      kind: "approvers",
      approvers: ["bob@acme.test"],
      senderLeftOut: true,
      tenantInstead: false,
    });
    expect(await approval(sender("ann@acme.test", ["ann@acme.test"]))).toEqual({ kind: "nobody", senderLeftOut: true });
    expect(await approval(sender("ann@acme.test", []))).toEqual({ kind: "nobody", senderLeftOut: false });
  });

  it("names a template that is not there as the template question's problem", async () => {
    expect(await previewForConsole(nobody, "nope.md", rows(1), TEXT_ID)).toEqual({
      ok: false,
      errors: [{ targetId: "template", message: "Choose another template: No template nope.md" }],
    });
  });
});
