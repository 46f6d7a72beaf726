import { describe, expect, it } from "vitest";
import type { Principal } from "@/lib/auth/principal";
import { previewForConsole, sendFromConsole } from "@/lib/console/new-batch";
import { FILE_ID, inputProblem, TEXT_ID } from "@/lib/console/records-input";
import { recordsText } from "@/lib/console/records-text";
import { translatorFor } from "@/lib/i18n/translator";
import { newBatchRefusalText } from "@/app/console/batches/new/new-batch-words";
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
    expect(inputProblem(null, " ")).toEqual({ targetId: FILE_ID, refusal: { code: "input.none" } });
    expect(inputProblem({ name: "a.csv", size: 3 }, "x")).toEqual({ targetId: TEXT_ID, refusal: { code: "input.both" } });
    expect(inputProblem({ name: "a.xlsx", size: 3 }, "")?.refusal).toEqual({ code: "file.type" });
    expect(inputProblem({ name: "a.csv", size: 0 }, "")?.refusal).toEqual({ code: "file.empty" });
    expect(inputProblem({ name: "A.CSV", size: 1024 * 1024 }, "")).toBeNull();
    expect(inputProblem({ name: "a.csv", size: 1024 * 1024 + 1 }, "")?.refusal).toEqual({ code: "file.tooBig" });
    expect(inputProblem(null, "é".repeat(600_000))?.refusal).toEqual({ code: "text.tooBig" });
  });

  it("are read as UTF-8; other encodings, binary files and unstorable text are refused", async () => {
    const file = (bytes: number[] | string) => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], "r.csv");
    expect(await recordsText(form({ [FILE_ID]: file("name\nJürgen\n") }))).toEqual({ ok: true, text: "name\nJürgen\n" });
    expect(await recordsText(form({ [FILE_ID]: file([0x4a, 0xfc, 0x72]) }))).toMatchObject({
      ok: false,
      error: { targetId: FILE_ID, refusal: { code: "file.notUtf8" } },
    });
    expect(await recordsText(form({ [FILE_ID]: file([0x61, 0x00, 0x62]) }))).toMatchObject({
      ok: false,
      error: { refusal: { code: "file.type" } },
    });
    // (A lone surrogate never arrives: a form's strings are USVStrings, so it is already U+FFFD.)
    expect(await recordsText(form({ [TEXT_ID]: "a\n\u0000" }))).toMatchObject({
      ok: false,
      error: { targetId: TEXT_ID, refusal: { code: "text.unstorable", character: "nul" } },
    });
    // A form with no file chosen still posts an empty, nameless file part.
    expect(await recordsText(form({ [FILE_ID]: new File([], ""), [TEXT_ID]: "a\nb" }))).toEqual({ ok: true, text: "a\nb" });
  });
});

describe("the page's words for a refusal", () => {
  it("are the catalogue's, from the codes and their numbers, in the page's language", () => {
    const en = translatorFor("en-GB");
    const de = translatorFor("de");
    expect(newBatchRefusalText(en, { code: "file.tooBig" }, "1 MB")).toBe("The selected file must be smaller than 1 MB");
    expect(newBatchRefusalText(en, { code: "tooMany", count: 1_204, max: 1_000 }, "1 MB")).toBe(
      "You have selected 1,204 records. Select 1,000 or fewer records to send them in one batch.",
    );
    expect(newBatchRefusalText(en, { code: "records", problem: { code: "csv.longRow", row: 2, values: 3, columns: 1 } }, "1 MB")).toBe(
      "Row 2 has 3 values, but the first row names 1 column",
    );
    expect(newBatchRefusalText(en, { code: "text.unstorable", character: "nul" }, "1 MB")).toMatch(/NUL/);
    expect(newBatchRefusalText(de, { code: "confirm", count: 1 }, "1 MB")).toMatch(/1 Datensatz/);
    expect(newBatchRefusalText(de, { code: "tooMany", count: 1_204, max: 1_000 }, "1 MB")).toMatch(/1\.204 Datensätze/);
    // The API's own refusal keeps its detail rather than lose it.
    expect(newBatchRefusalText(de, { code: "other", detail: "Licence lacks batch dispatch" }, "1 MB")).toBe(
      "Die Datensätze können nicht gesendet werden: \u2068Licence lacks batch dispatch\u2069",
    );
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
        errors: [{ targetId: TEXT_ID, refusal: { code: "tooMany", count: 6, max: 5 } }],
      });
      expect(await send(rows(4))).toEqual({
        ok: false,
        errors: [{ targetId: "confirm", refusal: { code: "confirm", count: 4 } }],
      });
      expect(await send(rows(2, 99_999), true)).toEqual({
        ok: false,
        errors: [{ targetId: TEXT_ID, refusal: { code: "invalidRecords", count: 2 } }],
      });
      expect(await send("customerId\n", true)).toMatchObject({
        ok: false,
        errors: [{ targetId: TEXT_ID, refusal: { code: "records", problem: { code: "noRecords" } } }],
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
      errors: [{ targetId: "template", refusal: { code: "template.unusable" } }],
    });
  });
});
