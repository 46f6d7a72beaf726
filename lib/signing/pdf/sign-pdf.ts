/**
 * Adds ONE PAdES signature (ETSI.CAdES.detached, SHA-256) to a PDF as an incremental update.
 *
 * The bytes given are never rewritten: the update is appended after them, so every earlier
 * signature (whose ByteRange covers an earlier revision) stays valid. The output is checked to
 * start with the input's exact bytes before it is returned; a library change that rewrote the
 * file would fail here, loudly, instead of breaking the earlier signers' signatures.
 *
 * @libpdf/core writes the update and the CMS (see docs/esign.md, "Library"). It always makes the
 * signature's widget invisible (Rect 0 0 0 0); a visible appearance is placed here, in the same
 * incremental update, just before the library writes it (see placeAppearance).
 */
import {
  CryptoKeySigner,
  HttpTimestampAuthority,
  P12Signer,
  PDF,
  PdfArray,
  PdfDict,
  PdfName,
  PdfNumber,
  PdfRef,
  PdfStream,
} from "@libpdf/core";
import type { Signer, TimestampAuthority } from "@libpdf/core";
import { appearanceFaces, type Face } from "./appearance-text";
import { DEFAULT_LOCALE, localeDirection } from "@/lib/i18n/locales";
import { supportedLocaleOf } from "@/lib/i18n/match-locale";
import { translatorFor } from "@/lib/i18n/translator";
import { momentText } from "@/lib/format/moment-text";

/** A key and its certificate chain, leaf first, root last: what a signer needs to build a CMS signature. */
export interface KeyAndChain {
  privateKey: CryptoKey;
  /** DER certificates: [leaf, ..., root]. */
  chain: Uint8Array[];
}

/** The tenant's signing key: a PKCS#12 from configuration, or a WebCrypto key and its chain (the test CA). */
export type SigningKey = KeyAndChain | { p12: Uint8Array; password: string };

export interface SignerIdentity {
  name: string;
  email: string;
  /** How the signer was identified: "email link", "email link + OTP", ... */
  method: string;
}

export interface SignatureAppearance {
  /** 0-based page index. */
  page: number;
  /** [x, y, width, height] in PDF points from the page's lower-left corner. */
  rect: [number, number, number, number];
  /** Extra lines under the name, e-mail and time. */
  lines?: string[];
  /**
   * BCP 47, the signer's language: the box's words are its catalogue's (de-AT is de), the time is
   * written for it (short, the box is narrow), its zone named; en-GB when not given.
   */
  locale?: string;
  /**
   * The signer's own mark, drawn beside the lines in the box's right part (its left in Arabic or
   * Hebrew): a typed name in an oblique face, or the picture they drew (PNG, transparency kept).
   */
  mark?: { kind: "typed"; text: string } | { kind: "drawn"; png: Uint8Array };
}

export interface SignPdfOptions {
  key: SigningKey;
  signer: SignerIdentity;
  /** Why the signer signs ("Approved"); the signer's identity is added to it. */
  reason: string;
  /** The signature field: reused when it exists unsigned (reserved at sealing), created otherwise. */
  fieldName: string;
  appearance?: SignatureAppearance;
  /** An RFC 3161 authority (URL, or an in-process one in tests): makes the signature PAdES B-T. */
  tsa?: string | TimestampAuthority;
  /** The claimed signing time (default: now). Only a timestamp proves it. */
  signingTime?: Date;
}

/** The reason written in the signature: the signer's identity travels with the signature itself. */
export function signatureReason(signer: SignerIdentity, reason: string): string {
  return `${reason}. Signed by ${signer.name} <${signer.email}> via ${signer.method}`;
}

/** Reads back what signatureReason wrote (for the verifier); null when the reason is someone else's. */
export function parseSignatureReason(text: string): { reason: string; name: string; email: string; method: string } | null {
  const m = /^(.*)\. Signed by (.*) <([^<>]*)> via (.*)$/s.exec(text);
  return m ? { reason: m[1], name: m[2], email: m[3], method: m[4] } : null;
}

async function toSigner(key: SigningKey): Promise<Signer> {
  if ("p12" in key) return P12Signer.create(key.p12, key.password);
  const [leaf, ...chain] = key.chain;
  return new CryptoKeySigner(key.privateKey, leaf, "RSA", "RSASSA-PKCS1-v1_5", chain);
}

function toTsa(tsa: string | TimestampAuthority): TimestampAuthority {
  // A TSA that fails throws (TimestampError) and the signature is not written: never a silent B-B.
  return typeof tsa === "string" ? new HttpTimestampAuthority(tsa, { timeout: 15_000 }) : tsa;
}

export async function signPdf(input: Uint8Array, opts: SignPdfOptions): Promise<Uint8Array> {
  const pdf = await PDF.load(input);
  const blocker = pdf.canSaveIncrementally();
  if (blocker) throw new Error(`esign: this PDF cannot take an incremental update (${blocker})`);
  const signingTime = opts.signingTime ?? new Date();

  if (opts.appearance) {
    const appearance = opts.appearance;
    // The library's sign() prepares the field, then saves once (incremental) before hashing: the
    // widget is made visible on that first save, so it lands in the same update as the signature.
    const save = pdf.save.bind(pdf);
    let placed = false;
    pdf.save = async (saveOpts) => {
      if (!placed) {
        placed = true;
        placeAppearance(pdf, opts.fieldName, appearance, appearanceLines(opts.signer, signingTime, appearance));
      }
      // Only the glyphs used: a whole Noto Sans SC would add megabytes to every signature in Chinese.
      return save({ ...saveOpts, subsetFonts: true });
    };
  }

  const tsa = opts.tsa ? toTsa(opts.tsa) : undefined;
  const { bytes } = await pdf.sign({
    signer: await toSigner(opts.key),
    reason: signatureReason(opts.signer, opts.reason),
    fieldName: opts.fieldName,
    signingTime,
    subFilter: "ETSI.CAdES.detached",
    digestAlgorithm: "SHA-256",
    level: tsa ? "B-T" : "B-B",
    timestampAuthority: tsa,
  });

  if (!startsWith(bytes, input))
    throw new Error("esign: the signed PDF does not start with the input's bytes (earlier signatures would break)");
  return bytes;
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length <= prefix.length) return false;
  return Buffer.from(bytes.buffer, bytes.byteOffset, prefix.length).equals(Buffer.from(prefix.buffer, prefix.byteOffset, prefix.length));
}

/** The box's lines: who signed, in the words of the appearance's language (the signer's), their e-mail, and when. */
function appearanceLines(signer: SignerIdentity, time: Date, a: SignatureAppearance): string[] {
  const t = translatorFor(supportedLocaleOf(a.locale) ?? DEFAULT_LOCALE);
  return [
    t("document.signatureBox.signedBy", { name: signer.name }),
    signer.email,
    momentText(time, a.locale ?? DEFAULT_LOCALE, undefined, { length: "short" }),
    ...(a.lines ?? []),
  ];
}

/** Turns the library's invisible widget into a visible one on the chosen page, with a drawn appearance. */
function placeAppearance(pdf: PDF, fieldName: string, a: SignatureAppearance, lines: string[]): void {
  const field = pdf.getForm()?.getSignatureField(fieldName);
  const page = pdf.getPage(a.page);
  if (!field || !page) throw new Error(`esign: no signature field ${fieldName} or no page ${a.page}`);
  const widget = field.getDict();
  const widgetRef = pdf.context.getRef(widget);
  if (!widgetRef) throw new Error("esign: the signature widget has no object reference");
  const [x, y, w, h] = a.rect;

  const size = Math.min(9, (h - 6) / Math.max(lines.length, 1) / 1.2);
  const resources = PdfDict.of({});
  // In Arabic or Hebrew the box reads from the right: its lines set against the right edge, the mark on the left.
  const dir = localeDirection(supportedLocaleOf(a.locale) ?? DEFAULT_LOCALE);
  const faces = appearanceFaces(pdf, resources, dir);
  const lineX = (line: string) => (dir === "rtl" ? w - 4 - faces.regular.width(line, size) : 4);
  const ops = [
    "q 0.15 0.25 0.55 RG 0.8 w 0.4 0.4 " + `${w - 0.8} ${h - 0.8} re S Q`,
    "BT 0 g",
    ...lines.map(
      (line, i) => `1 0 0 1 ${lineX(line).toFixed(2)} ${(h - 3 - size - i * size * 1.2).toFixed(2)} Tm ${faces.regular.show(line, size)}`,
    ),
    "ET",
  ];
  const markArea = dir === "rtl" ? [6, 4, w * 0.45 - 6, h - 8] : [w * 0.55, 4, w * 0.45 - 6, h - 8];
  if (a.mark) ops.push(...markOps(pdf, a.mark, markArea, resources, faces.oblique));
  const stream = PdfStream.fromDict(
    {
      Type: PdfName.of("XObject"),
      Subtype: PdfName.of("Form"),
      BBox: PdfArray.of(PdfNumber.of(0), PdfNumber.of(0), PdfNumber.of(w), PdfNumber.of(h)),
      Resources: resources,
    },
    new TextEncoder().encode(ops.join("\n")),
  );

  widget.set("Rect", PdfArray.of(PdfNumber.of(x), PdfNumber.of(y), PdfNumber.of(x + w), PdfNumber.of(y + h)));
  widget.set("P", page.ref);
  widget.set("F", PdfNumber.of(4 | 128)); // Print + Locked: shown and printed, not movable.
  widget.set("AP", PdfDict.of({ N: pdf.context.register(stream) }));

  // The page lists its annotations; the widget must be there to be drawn, once. A field reserved at
  // sealing (signature-page.tsx) is listed already, on this page when the appearance goes in its box.
  const annots = page.dict.get("Annots");
  const resolved = annots instanceof PdfRef ? pdf.context.resolve(annots) : annots;
  if (resolved instanceof PdfArray) {
    const listed = resolved
      .toArray()
      .some((r) => r instanceof PdfRef && r.objectNumber === widgetRef.objectNumber && r.generation === widgetRef.generation);
    if (!listed) resolved.push(widgetRef);
  } else {
    page.dict.set("Annots", PdfArray.of(widgetRef));
  }
}

/** The operators that draw a mark inside `area` ([x, y, w, h] in the box), centred and scaled to fit. */
function markOps(
  pdf: PDF,
  mark: NonNullable<SignatureAppearance["mark"]>,
  [ax, ay, aw, ah]: number[],
  resources: PdfDict,
  face: Face,
): string[] {
  if (mark.kind === "drawn") {
    const image = pdf.embedPng(mark.png);
    resources.set("XObject", PdfDict.of({ Mark: image.ref }));
    const scale = Math.min(aw / image.width, ah / image.height);
    const [iw, ih] = [image.width * scale, image.height * scale];
    const [ix, iy] = [ax + (aw - iw) / 2, ay + (ah - ih) / 2];
    return [`q ${iw.toFixed(2)} 0 0 ${ih.toFixed(2)} ${ix.toFixed(2)} ${iy.toFixed(2)} cm /Mark Do Q`];
  }
  const size = Math.max(6, Math.min(18, ah * 0.5, aw / Math.max(face.width(mark.text, 1), 0.01)));
  return [`BT 0.1 0.15 0.45 rg ${ax.toFixed(2)} ${(ay + (ah - size) / 2).toFixed(2)} Td ${face.show(mark.text, size)} ET`];
}
