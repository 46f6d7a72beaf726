import { describe, expect, it } from "vitest";
import { buildReceipt } from "@/lib/batch/receipt";
import { resolveDistribution } from "@/lib/batch/resolve-distribution";
import { checkRecords } from "@/lib/batch/validate-records";
import type { Batch } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { Template } from "@/lib/templates/types";
import { pdfText, pdfWordBoxes } from "../support/pdf";

/**
 * The intake receipt writes its findings in the batch's language (lib/i18n/words-text.ts), read
 * back by poppler: a French receipt says what a record lacks in French, the field named by its label,
 * and none of the API's English.
 */
describe("the intake receipt's findings", () => {
  const receipt = async (locale: string) => {
    const template = {
      locale: "fr-FR",
      fields: [
        { key: "customerId", label: "Numéro client", type: "string" as const, required: true, severity: "error" as const },
        { key: "recipientEmail", label: "Adresse e-mail", type: "string" as const, severity: "error" as const },
        { key: "amount", label: "Montant", type: "number" as const, max: 10000, severity: "error" as const },
      ],
      patterns: new Map(),
    } as unknown as Template;
    const distribution = resolveDistribution(
      { fileNameTemplate: "lettre-{BATCHID_1}", deliveryConfig: { mode: "secure-email" } },
      undefined,
    );
    const check = await checkRecords(
      template,
      [
        { recipientEmail: "ann@example.test", amount: 12 },
        { customerId: "C2", recipientEmail: "pas-une-adresse", amount: 12500.5 },
      ],
      distribution,
      undefined,
    );
    const batch = {
      id: newId(),
      correlationId: `receipt-findings-${locale}`,
      title: "Lettres",
      templatePath: "lettre.md",
      submittedBy: "crm@acme.test",
      createdAt: new Date(),
      state: "invalid",
      readiness: check.readiness,
      locale,
    } as unknown as Batch;
    return buildReceipt(batch, check, template, null);
  };

  it("are in the batch's language: a French receipt, read back by pdftotext", async () => {
    const pdf = await receipt("fr");
    // The findings' column read on its own: pdftotext interleaves the lines of a row's cells.
    const words = await pdfWordBoxes(pdf);
    const anchor = words.find((w) => w.text === "obligatoire")!;
    const start = Math.min(
      ...words.filter((w) => w.page === anchor.page && Math.abs(w.yMin - anchor.yMin) < 1 && w.text === "«").map((w) => w.xMin),
    );
    const findings = words
      .filter((w) => w.xMin >= start - 0.5)
      .sort((a, b) => a.page - b.page || a.yMin - b.yMin || a.xMin - b.xMin)
      .map((w) => w.text)
      .join(" ");
    expect(findings).toContain("« Numéro client » est obligatoire");
    expect(findings).toContain("« Adresse e-mail » : pas-une-adresse n’est pas une adresse e-mail valide");
    expect(findings).toContain("« Montant » doit être au plus égal à 10 000");
    const text = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(text).toContain("2 enregistrements : 0 prêt, 0 avec avertissement, 2 non valides");
    for (const english of ["is required", "is not a valid", "must be"]) expect(text).not.toContain(english);
  });

  it("are drawn whole in a right-to-left receipt: an Arabic one", async () => {
    const text = (await pdfText(await receipt("ar"))).replace(/\s+/g, " ");
    expect(text).toContain("مطلوب");
    expect(text).toContain("pas-une-adresse");
    expect(text).not.toContain("\ufffd");
    expect(text).not.toContain("is required");
  });
});
