import path from "node:path";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import type { Nodes, Parent } from "mdast";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { mergePdfs } from "@/lib/pdf/merge";
import { readCorrelationId } from "@/lib/pdf/metadata";
import { MAX_LISTED_READY, renderReceipt } from "@/lib/pdf/receipt";
import { renderDocument } from "@/lib/pdf/render-document";
import { bindBody, plainText } from "@/lib/templates/bind";
import { loadTemplate, parseTemplate } from "@/lib/templates/load-template";
import { pdfPageTexts } from "../support/pdf";

beforeAll(() => {
  process.env.TEMPLATES_DIR = path.resolve("templates");
  resetEnvCache();
});
afterAll(() => {
  delete process.env.TEMPLATES_DIR;
  resetEnvCache();
});

const notice = {
  customerId: "C1001",
  customerName: "Ann **Bold** <b>x</b> [click](https://evil.example) ![img](/etc/passwd)",
  recipientEmail: "ann@example.test",
  amountDue: 120.5,
  installments: 3,
  dueDate: "2026-12-01",
  autopay: true,
  plan: "plus",
};

const types = (n: Nodes): string[] => [n.type, ...("children" in n ? (n as Parent).children.flatMap((c) => types(c as Nodes)) : [])];

describe("binding record data", () => {
  it("keeps data as literal text: markup in a value never becomes bold, a link or an image", async () => {
    const t = await loadTemplate("notice.md");
    const bound = bindBody(t, notice);
    const text = plainText(bound);
    expect(text).toContain("Ann **Bold** <b>x</b> [click](https://evil.example) ![img](/etc/passwd)");
    expect(types(bound).filter((x) => x === "link" || x === "image" || x === "html")).toEqual([]);
    expect(types(bound).filter((x) => x === "strong")).toEqual(types(t.body).filter((x) => x === "strong"));
    expect(text).toContain("Yes"); // booleans read as words
    expect(types(bound)).toContain("table"); // GFM tables are parsed
  });

  it("repeats a {{#list}} section for each item, resolving item keys before record keys", async () => {
    const t = await loadTemplate("statement.md");
    const bound = plainText(
      bindBody(t, {
        accountId: "A-100",
        holder: "Bo",
        period: "2026-10-31",
        balance: 10,
        currency: "EUR",
        lines: [
          { date: "2026-10-01", description: "Rent", amount: -900 },
          { date: "2026-10-15", description: "Salary", amount: 2000, currency: "USD" },
        ],
      }),
    );
    expect(bound).toContain("2026-10-01: Rent, -900 EUR");
    expect(bound).toContain("2026-10-15: Salary, 2000 USD");
    expect(bound).not.toContain("{{");
  });
});

describe("template text", () => {
  it("reads a wrapped source line as a space, while a value's own line breaks are kept", async () => {
    const t = await parseTemplate("wrapped.md", "---\ntitle: T\n---\nDear {{name}}, this line\nwraps in the source.\n");
    const text = plainText(bindBody(t, { name: "Ann\nSmith" }));
    expect(text).toBe("Dear Ann\nSmith, this line wraps in the source.");
  });

  it("makes one list of a list section repeated per item", async () => {
    const t = await parseTemplate("list.md", "---\ntitle: T\n---\nItems:\n\n{{#xs}}\n\n- {{v}}\n\n{{/xs}}\n\nEnd.\n");
    const bound = bindBody(t, { xs: [{ v: "a" }, { v: "b" }, { v: "c" }] });
    expect(bound.children.map((c) => c.type)).toEqual(["paragraph", "list", "paragraph"]);
    expect((bound.children[1] as Parent).children).toHaveLength(3);
    expect(plainText(bound.children[1] as Nodes)).toBe("abc");
  });
});

describe("PDF pipeline", () => {
  it("renders a real PDF stamped with title, producer and the correlation id in XMP, with stage timings", async () => {
    const t = await loadTemplate("notice.md");
    const { pdf, timings } = await renderDocument(t, notice, { correlationId: "corr-<&>-1", title: "Notice C1001", documentId: "DOC-1" });
    // pdf-lib rewrites the producer on load unless told not to; read the file as it is.
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("Notice C1001");
    expect(doc.getProducer()).toBe("Sealpost");
    expect(doc.getSubject()).toBe("DOC-1");
    expect(await readCorrelationId(pdf)).toBe("corr-<&>-1");
    expect(timings.totalMs).toBeGreaterThan(0);
    expect(timings.layoutMs).toBeLessThanOrEqual(timings.totalMs);
    expect(await pdfPageTexts(pdf)).toEqual([expect.stringMatching(/DOC-1 page 1 of 1$/)]);
  });

  it("merges documents in order under the batch's correlation id", async () => {
    const t = await loadTemplate("notice.md");
    const parts = await Promise.all([1, 2, 3].map((i) => renderDocument(t, notice, { correlationId: `r${i}`, title: `n${i}` })));
    const merged = await mergePdfs(
      parts.map((p) => p.pdf),
      { correlationId: "batch-1", title: "All" },
    );
    expect((await PDFDocument.load(merged)).getPageCount()).toBe(3);
    expect(await readCorrelationId(merged)).toBe("batch-1");
  });

  const receipt = (n: number, flagged: (i: number) => boolean) => {
    const records = Array.from({ length: n }, (_, i) =>
      flagged(i)
        ? { index: i, status: "invalid" as const, messages: [`amount of record ${i + 1}: must be at most 10`], fileName: `f-${i}.pdf` }
        : { index: i, status: "ready" as const, messages: [], fileName: `f-${i}.pdf` },
    );
    const invalid = records.filter((r) => r.status === "invalid").length;
    return renderReceipt({
      batchId: "batch-0001",
      correlationId: `receipt-${n}`,
      title: "t",
      templatePath: "notice.md",
      submittedBy: "a@b.c",
      submittedAt: new Date().toISOString(),
      state: "invalid",
      readiness: "INVALID",
      counts: { total: n, ready: n - invalid, warning: 0, invalid },
      records,
    });
  };

  it("lists every record needing attention with its reason, over as many pages as it takes, each with its footer", async () => {
    const pdf = await receipt(1000, (i) => i % 5 === 0);
    expect(await readCorrelationId(pdf)).toBe("receipt-1000");
    const pages = await pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages).toHaveLength((await PDFDocument.load(pdf)).getPageCount());
    // Every page ends with the footer line: the batch id on the left, its page number on the right.
    pages.forEach((text, i) => expect(text).toMatch(new RegExp(`batch-0001 page ${i + 1} of ${pages.length}$`)));
    const text = pages.join(" ");
    for (let i = 0; i < 1000; i += 5) expect(text).toContain(`amount of record ${i + 1}: must be at most 10`);
    // The 800 ready ones are summarised, not listed: the ranges between the invalid records.
    expect(text).toContain("Records 2–5, 7–10, 12–15");
    expect(text).toContain("997–1000: ready");
    expect(text).not.toContain("f-1.pdf");
  });

  it(`names each ready record's file up to ${MAX_LISTED_READY} ready records, and summarises more as index ranges`, async () => {
    const listed = (await pdfPageTexts(await receipt(MAX_LISTED_READY, () => false))).join(" ");
    for (let i = 0; i < MAX_LISTED_READY; i++) expect(listed).toContain(`${i + 1} Ready f-${i}.pdf`);
    const summarised = await pdfPageTexts(await receipt(MAX_LISTED_READY + 1, () => false));
    expect(summarised).toHaveLength(1);
    expect(summarised[0]).toContain(`Records 1–${MAX_LISTED_READY + 1}: ready`);
    expect(summarised[0]).not.toContain("f-0.pdf");
  });
});

describe("the demo notice's formatters, condition and empties, read back from the PDF", () => {
  const meta = { correlationId: "golden-1", title: "Payment notice" };
  it("a large amount with a manager: every value formatted in en-GB, the installment paragraph, the manager's sentence", async () => {
    const t = await loadTemplate("notice.md");
    const { pdf } = await renderDocument(t, { ...notice, customerName: "Ann Smith", amountDue: 1520.5, accountManager: "Kim Lee" }, meta);
    const text = (await pdfPageTexts(pdf)).join(" ");
    expect(text).toContain("Amount due €1,520.50 Due date 1 December 2026 Installments 3 Autopay Yes");
    expect(text).toContain("If you have questions, your account manager Kim Lee is glad to help.");
    expect(text).toContain("As the amount is above €1,000, you may pay it in up to 24 installments.");
  });

  it("a small amount without a manager or installments: the other branch, no installment paragraph, no empty row", async () => {
    const t = await loadTemplate("notice.md");
    const { pdf } = await renderDocument(t, { ...notice, customerName: "Ann Smith", installments: undefined }, meta);
    const text = (await pdfPageTexts(pdf)).join(" ");
    expect(text).toContain("Amount due €120.50 Due date 1 December 2026 Autopay Yes");
    expect(text).not.toContain("Installments");
    expect(text).toContain("If you have questions, reply to this notice: it reaches our customer team.");
    expect(text).not.toContain("account manager");
    expect(text).not.toContain("24 installments");
    expect(text).not.toMatch(/ {2}| ,/);
  });
});

describe("a render thread under steady load", () => {
  it("keeps no memory per document when documents follow each other without a pause", async () => {
    // As in a busy piscina thread: each render starts as the last ends, the event loop never idles.
    v8.setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const template = await loadTemplate("notice.md");
    const render = (i: number) =>
      renderDocument(
        template,
        { ...notice, customerId: `C${1000 + i}`, customerName: `Customer ${i}` },
        { correlationId: `leak-${i}`, title: "Notice" },
      );
    for (let i = 0; i < 20; i++) await render(i);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 20; i < 170; i++) await render(i);
    gc();
    const grownMb = (process.memoryUsage().heapUsed - before) / 1048576;
    // Holding each document's React tree would grow the heap by far more over these 150 documents.
    expect(grownMb).toBeLessThan(4);
  }, 120_000);
});
