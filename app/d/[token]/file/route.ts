import { closedLinkResponse, readDeliveredPdf } from "@/lib/delivery/delivered-document";
import { openDeliverySession } from "@/lib/delivery/open-session";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

/** The recipient's document: inline for the page's preview, as an attachment with ?download=1. */
async function get(req: Request, segment?: { params?: Promise<Record<string, string>> }) {
  const token = (await segment?.params)?.token ?? "";
  const download = new URL(req.url).searchParams.get("download") === "1";
  const opened = await openDeliverySession(token, download ? "download" : "access", visitorFrom(req.headers));
  if (opened.state !== "active") return closedLinkResponse(opened);
  const pdf = await readDeliveredPdf(opened.record);
  if (!pdf) return new Response("Document unavailable", { status: 500 });
  return pdfResponse(pdf, { filename: opened.record.fileName, inline: !download });
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
