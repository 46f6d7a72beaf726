import fc from "fast-check";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { chainLinks, recheckChain, type ChainEvent } from "@/lib/signing/certificate/activity-chain";
import { signPdf } from "@/lib/signing/pdf/sign-pdf";
import { issueSignerCertificate } from "@/lib/signing/keys/signer-certificate";
import { createTestCa, type TestCa } from "@/lib/signing/keys/test-ca";
import { verificationAnswer } from "@/lib/signing/verification/verification-answer";
import { revisionEnds, verifyPdf } from "@/lib/signing/pdf/verify-pdf";

/**
 * The verification answer on a real three-signature file: every byte flipped inside a signed range
 * makes it invalid and says where; truncations and garbage give a report, never a throw. And the
 * activity chain: an edited, removed or inserted event is named.
 */

let ca: TestCa;
let signed: Uint8Array;
/** Where each revision ends (revision 0 = the unsigned source). */
let ends: number[];

const check = async (bytes: Uint8Array) => verificationAnswer(await verifyPdf(bytes, { trustedRoots: [ca.rootDer] }), bytes.byteLength);

beforeAll(async () => {
  ca = await createTestCa("acme");
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText("The content every signer signs.", { x: 50, y: 750, font, size: 11 });
  let pdf = await doc.save();
  for (let i = 1; i <= 3; i++) {
    const signer = { name: `Signer ${i}`, email: `s${i}@example.com`, method: "email link" };
    pdf = await signPdf(pdf, { key: await issueSignerCertificate(ca.root, signer), signer, reason: "Signed", fieldName: `signer-${i}` });
  }
  signed = pdf;
  ends = revisionEnds(signed).map((options) => options.at(-1)!);
});

describe("verification answer", () => {
  it("a signed file: every signature valid, with its signer, revision and coverage", async () => {
    const a = await check(signed);
    expect(a).toMatchObject({ valid: true, signatureCount: 3, failures: [], changedWithin: [], unsignedTail: null });
    expect(a.signatures.map((s) => [s.field, s.signer?.name, s.signer?.email, s.revision, s.coversWholeFile])).toEqual([
      ["signer-1", "Signer 1", "s1@example.com", 1, false],
      ["signer-2", "Signer 2", "s2@example.com", 2, false],
      ["signer-3", "Signer 3", "s3@example.com", 3, true],
    ]);
    expect(a.signatures.every((s) => s.digestValid && s.signatureValid && s.chainValid && s.signingTimeSource === "claimed")).toBe(true);
  });

  it("another tenant's roots: the signatures hold, the chain does not", async () => {
    const other = await createTestCa("other");
    const a = verificationAnswer(await verifyPdf(signed, { trustedRoots: [other.rootDer] }), signed.byteLength);
    expect(a.valid).toBe(false);
    expect(a.signatures.every((s) => s.digestValid && s.signatureValid && !s.chainValid)).toBe(true);
    expect(a.changedWithin).toEqual([]);
  });

  it("a byte flipped in the second signer's revision: signatures 2 and 3 fail, and the change lies in that revision", async () => {
    const bytes = signed.slice();
    const at = ends[1] + 40;
    bytes[at] ^= 0x01;
    const a = await check(bytes);
    expect(a.valid).toBe(false);
    expect(a.failures.map((f) => f.field)).toEqual(["signer-2", "signer-3"]);
    expect(a.failures[0].failed).toContain("digest");
    expect(a.changedWithin.some(([from, to]) => from <= at && at < to)).toBe(true);
    // The second revision, and the first signature's /Contents (which signatures 2 and 3 cover, and a change in its padding would not fail signature 1).
    const [, b1, c1] = a.signatures[0].byteRange;
    expect(a.changedWithin.every(([from, to]) => (from >= ends[1] && to <= ends[2]) || (from >= b1 && to <= c1))).toBe(true);
  });

  it("bytes added after the last signature: the signatures hold, the file is not valid", async () => {
    const bytes = new Uint8Array([...signed, ...new TextEncoder().encode("\n% added later\n")]);
    const a = await check(bytes);
    expect(a.signatures.every((s) => s.valid)).toBe(true);
    expect(a.valid).toBe(false);
    expect(a.unsignedTail).toEqual([signed.byteLength, bytes.byteLength]);
  });

  it("any byte flipped inside a signed range makes the answer invalid (generated flips)", async () => {
    const report = await verifyPdf(signed, { trustedRoots: [ca.rootDer] });
    const ranges = report.signatures.flatMap((s) => [
      [0, s.byteRange[1]],
      [s.byteRange[2], s.byteRange[2] + s.byteRange[3]],
    ]);
    const inSigned = (i: number) => ranges.some(([from, to]) => from <= i && i < to);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: signed.byteLength - 1 }), fc.integer({ min: 1, max: 255 }), async (at, mask) => {
        fc.pre(inSigned(at));
        const bytes = signed.slice();
        bytes[at] ^= mask;
        const a = await check(bytes).catch(() => null);
        expect(a?.valid, `byte ${at} ^ ${mask}`).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it("truncations: a report every time, valid only when cut at the end of a signed revision", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: signed.byteLength - 1 }), async (length) => {
        const bytes = signed.slice(0, length);
        const report = await verifyPdf(bytes, { trustedRoots: [ca.rootDer] });
        const a = verificationAnswer(report, length);
        if (a.valid) expect(ends.slice(1)).toContain(length);
      }),
      { numRuns: 40 },
    );
    for (const [n, end] of ends.slice(1).entries()) {
      const a = await check(signed.slice(0, end));
      expect(a).toMatchObject({ valid: true, signatureCount: n + 1 });
    }
  });

  it("garbage inside a signature dictionary: a report naming the broken signature", async () => {
    const text = Buffer.from(signed).toString("latin1");
    const broken = Buffer.from(
      text.replace("/ByteRange [", "/ByteRange [x ").replace("/SubFilter /ETSI.CAdES.detached", "/SubFilter /Garbage(("),
      "latin1",
    );
    const a = await check(new Uint8Array(broken));
    expect(a.valid).toBe(false);
    for (const junk of [
      new Uint8Array(0),
      new TextEncoder().encode("%PDF-1.7\n%%EOF"),
      new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog /AcroForm << /Fields [2 0 R] >> >>\n"),
    ]) {
      const r = await verifyPdf(junk, { trustedRoots: [ca.rootDer] });
      expect(r.valid).toBe(false);
    }
  });
});

describe("activity chain", () => {
  const events: ChainEvent[] = [1, 2, 3, 5].map((id) => ({
    id,
    kind: `k${id}`,
    actor: "system",
    at: new Date(1_700_000_000_000 + id * 1000),
    detail: { b: id, a: { z: 1, y: [2, 3] } },
  }));
  const wf = "00000000-0000-4000-8000-000000000001";

  it("re-checks intact, and ignores key order and later events", () => {
    const links = chainLinks(wf, events);
    const reordered = events.map((e) => ({ ...e, detail: { a: { y: [2, 3], z: 1 }, b: e.detail!.b } }));
    expect(recheckChain(wf, links, [...reordered, { ...events[0], id: 9 }])).toMatchObject({
      valid: true,
      checked: 4,
      notCovered: 1,
      head: links[3].hash,
    });
    expect(chainLinks("00000000-0000-4000-8000-000000000002", events)[0].hash).not.toBe(links[0].hash);
  });

  it("names the edited, removed or inserted event", () => {
    const links = chainLinks(wf, events);
    const edited = events.map((e) => (e.id === 2 ? { ...e, detail: { ...e.detail, b: 99 } } : e));
    expect(recheckChain(wf, links, edited)).toMatchObject({ valid: false, broken: { index: 1, eventId: 2, problem: "edited" } });
    expect(
      recheckChain(
        wf,
        links,
        events.filter((e) => e.id !== 3),
      ),
    ).toMatchObject({ valid: false, broken: { index: 2, eventId: 3, problem: "removed" } });
    expect(recheckChain(wf, links, [...events, { ...events[0], id: 4 }])).toMatchObject({
      valid: false,
      broken: { eventId: 4, problem: "inserted" },
    });
    const retimed = events.map((e) => (e.id === 5 ? { ...e, at: new Date(0) } : e));
    expect(recheckChain(wf, links, retimed)).toMatchObject({ valid: false, broken: { eventId: 5, problem: "edited" } });
  });
});
