import path from "node:path";
import { Encodings } from "@pdf-lib/standard-fonts";
import fc from "fast-check";
import * as fontkit from "fontkit";
import { expect, it } from "vitest";
import { drawable } from "@/lib/pdf/fonts";
import { renderReceipt } from "@/lib/pdf/receipt";
import { renderDocument } from "@/lib/pdf/render-document";
import { renderSealedWorkflow } from "@/lib/pdf/sealed-workflow";
import { loadTemplate } from "@/lib/templates/load-template";
import { pdfText, pdfWordBoxes, readPdf } from "../support/pdf";
import { pdfFontNames } from "../support/pdf-structure";
import { useTemplatesDir } from "../support/templates-dir";

useTemplatesDir();

const names = ["Жанна Петрова", "Ωμέγα Παπαδοπούλου", "Łódź Wróbel", "İsmail Çelik", "Nguyễn Thị Hương", "Zoë Brontë"];

it("prints names in Cyrillic, Greek, Polish, Turkish and Vietnamese as written, in the documents' own face, embedded as subsets", async () => {
  const letter = await loadTemplate("letter.md");
  for (const name of names) {
    const { pdf } = await renderDocument(letter, { customerId: "C1", name }, { correlationId: "fonts-1", title: "Letter" });
    expect(await pdfText(pdf)).toContain(`Dear ${name}, your balance`);
    // Arimo draws all of these (no fallback font needed), each face a subset of the glyphs used.
    expect((await pdfFontNames(pdf)).filter((f) => !/^[A-Z]{6}\+Arimo-(Regular|Bold|Italic)$/.test(f))).toEqual([]);
  }
  // In the built-in fonts (untagged output), a Latin-1 name embeds nothing and a Cyrillic one DejaVu Sans.
  const builtIn = async (name: string) =>
    pdfFontNames(
      (
        await renderDocument(letter, { customerId: "C1", name }, { correlationId: "fonts-1", title: "Letter" }, undefined, {
          profile: "untagged",
        })
      ).pdf,
    );
  expect((await builtIn("Zoë Brontë")).every((f) => f.startsWith("Helvetica"))).toBe(true);
  expect((await builtIn("Жанна Петрова")).some((f) => f.endsWith("+DejaVuSans"))).toBe(true);
});

it("draws CJK and emoji from their fonts, and a character no font has as U+FFFD, never as other letters, in documents and sealed records", async () => {
  const letter = await loadTemplate("letter.md");
  const { pdf } = await renderDocument(
    letter,
    { customerId: "C1", name: "李小龍 🙂 Ann \u{10FFFD}" },
    { correlationId: "fonts-2", title: "Letter" },
  );
  expect(await pdfText(pdf)).toContain("Dear 李小龍 🙂 Ann \ufffd, your balance");

  const sealed = await renderSealedWorkflow({
    workflowId: "00000000-0000-4000-8000-000000000001",
    correlationId: "fonts-3",
    title: "Заявка",
    documentId: null,
    exception: null,
    templatePath: "workflow/leave.md",
    templateVersion: "0".repeat(64),
    initiator: "submitter@acme.test",
    createdAt: "2026-11-23T10:00:00.000Z",
    sealedAt: "2026-11-23T11:00:00.000Z",
    steps: [{ title: "Сотрудник", fields: [{ key: "name", label: "Имя", value: "Жанна 李 \u{10FFFD}" }] }],
    validationOutcome: "passed",
    results: [],
    history: [],
    audit: [],
  });
  const sealedText = await pdfText(sealed);
  expect(sealedText).toContain("Заявка");
  expect(sealedText).toContain("Имя Жанна 李 \ufffd");
  expect((await readPdf(sealed)).title).toBe("Sealed record – Заявка"); // the metadata keeps the text as given
});

it("keeps every Latin letter of a document made after one in Cyrillic (Cyrillic а, р, В are drawn from the Latin glyphs)", async () => {
  // fontkit remembered a Latin glyph a subset wrote as a Cyrillic glyph's component without its
  // character, and every later layout left that letter out: "Batch" came out as "atch". Patched.
  const letter = await loadTemplate("letter.md");
  await renderDocument(letter, { customerId: "C1", name: "Варвара Ерёменко" }, { correlationId: "fonts-5", title: "Письмо" });
  const { pdf } = await renderDocument(letter, { customerId: "C1", name: "Bob Apple" }, { correlationId: "fonts-6", title: "Letter" });
  expect(await pdfText(pdf)).toContain("Dear Bob Apple, your balance");
});

it("draws a document the same whether its text was shaped anew or taken from the shaping cache (generated names and amounts between)", async () => {
  // react-pdf's text runs are shaped once per font and string and reused (patches/@react-pdf+textkit):
  // a reused run must give the same words at the same places, and a run shaped for another record
  // must not leak into this one.
  const letter = await loadTemplate("letter.md");
  const render = async (name: string) =>
    (await renderDocument(letter, { customerId: "C1", name }, { correlationId: "fonts-7", title: "Letter" })).pdf;
  const words = async (pdf: Uint8Array) => (await pdfWordBoxes(pdf)).map((w) => `${w.text}@${w.xMin.toFixed(2)},${w.yMin.toFixed(2)}`);
  const first = await words(await render("Åsa Öberg"));
  await fc.assert(
    fc.asyncProperty(fc.stringMatching(/^[A-Za-zÀ-ÖØ-öø-ÿА-яЁё ]{1,30}$/), async (other) => {
      expect(await pdfText(await render(other))).toContain(`Dear ${other.trim().replace(/\s+/g, " ")}`.trim());
    }),
    { numRuns: 15 },
  );
  expect(await words(await render("Åsa Öberg"))).toEqual(first);
});

it("prints an intake receipt's non-Latin title, file names and messages as written", async () => {
  const receipt = await renderReceipt({
    batchId: "batch-0002",
    correlationId: "fonts-4",
    title: "Счета за ноябрь",
    templatePath: "notice.md",
    submittedBy: "Zoë@example.test",
    submittedAt: "2026-11-24T10:00:00.000Z",
    state: "invalid",
    readiness: "PARTIAL",
    counts: { total: 3, ready: 1, warning: 1, invalid: 1 },
    records: [
      { index: 0, status: "ready", messages: [], fileName: "Жанна-Петрова.pdf" },
      { index: 1, status: "warning", messages: ["имя: слишком длинное"], fileName: "Ωμέγα.pdf" },
      { index: 2, status: "invalid", messages: ["amount: 李 is not a number \u{10FFFD}"], fileName: "Łódź.pdf" },
    ],
  });
  const text = await pdfText(receipt);
  for (const written of ["Счета за ноябрь", "Ωμέγα.pdf", "имя: слишком длинное", "Łódź.pdf", "amount: 李 is not a number \ufffd"])
    expect(text).toContain(written);
  expect((await readPdf(receipt)).title).toBe("Intake receipt – Счета за ноябрь");
});

it("keeps every character the fonts can draw and replaces each other one by exactly one U+FFFD", () => {
  // Read here from the font files themselves, not through the module under test.
  const files = [
    "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
    "node_modules/@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
    "node_modules/@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf",
    "node_modules/@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
    "node_modules/@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf",
  ];
  const fonts = new Set(files.flatMap((f) => (fontkit.openSync(path.resolve(f)) as fontkit.Font).characterSet));
  const mark = (code: number) =>
    code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f) || (code >= 0x1f3fb && code <= 0x1f3ff) || (code >= 0xe0020 && code <= 0xe007f);
  const drawn = (code: number) => code < 0x20 || Encodings.WinAnsi.canEncodeUnicodeCodePoint(code) || fonts.has(code) || mark(code);
  fc.assert(
    fc.property(
      fc.string({
        unit: fc.oneof(
          fc.constantFrom("a", "é", "Ж", "ω", "€", "李", "한", "🙂", "\u{10FFFD}", "\ud800", "\u202e", "\n"),
          fc.string({ unit: "binary", maxLength: 1 }),
        ),
      }),
      (s) => {
        const out = [...drawable(s)];
        const given = [...s];
        expect(out).toHaveLength(given.length);
        out.forEach((ch, i) => expect(ch).toBe(drawn(given[i].codePointAt(0)!) ? given[i] : "\ufffd"));
      },
    ),
    { numRuns: 500 },
  );
});
