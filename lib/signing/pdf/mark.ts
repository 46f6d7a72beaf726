import { PDF } from "@libpdf/core";

/** A drawn signature is a small picture: 256 KiB of PNG and 2,000 pixels a side are far more than a signature pad makes. */
export const MAX_MARK_PNG_BYTES = 256 * 1024;
export const MAX_MARK_SIDE = 2000;
export const MAX_MARK_TEXT = 100;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The PNG of a drawn mark, from base64, or why it is refused. Checked here, before it is accepted,
 * rather than when the signing job draws it: a picture the job could not draw would fail the job on
 * every retry, after the signer was told their signature was on its way. Decoded once by the same
 * library that will embed it, so whatever passes here embeds there.
 */
export function decodeMarkPng(base64: string): { png: Uint8Array } | { problem: string } {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return { problem: "is not base64" };
  if ((base64.length / 4) * 3 > MAX_MARK_PNG_BYTES + 3) return { problem: `is larger than ${MAX_MARK_PNG_BYTES} bytes` };
  const png = new Uint8Array(Buffer.from(base64, "base64"));
  if (png.length > MAX_MARK_PNG_BYTES) return { problem: `is larger than ${MAX_MARK_PNG_BYTES} bytes` };
  if (png.length < 33 || SIGNATURE.some((b, i) => png[i] !== b)) return { problem: "is not a PNG image" };
  const view = Buffer.from(png.buffer, png.byteOffset, png.length);
  if (view.toString("latin1", 12, 16) !== "IHDR") return { problem: "is not a PNG image (no IHDR)" };
  const [w, h] = [view.readUInt32BE(16), view.readUInt32BE(20)];
  if (!w || !h || w > MAX_MARK_SIDE || h > MAX_MARK_SIDE)
    return { problem: `must be 1 to ${MAX_MARK_SIDE} pixels a side (is ${w} × ${h})` };
  try {
    PDF.create().embedPng(png);
  } catch {
    return { problem: "is a PNG that cannot be decoded" };
  }
  return { png };
}

/**
 * A typed mark as it is drawn, or null when it is not a name on one line. A line break of any kind
 * (CR, LF, NEL, U+2028, U+2029) or another control character is refused rather than drawn as a
 * space: the signer would be recorded as having typed something other than what was signed.
 */
export function typedMark(text: string): string | null {
  if (/[\p{Cc}\p{Zl}\p{Zp}]/u.test(text)) return null;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat && flat.length <= MAX_MARK_TEXT ? flat : null;
}
