import { cookies } from "next/headers";
import { z } from "zod";
import { readDeliveredPdf } from "@/lib/delivery/delivered-document";
import { openDeliverySession } from "@/lib/delivery/open-session";
import { AppError } from "@/lib/http/problem";
import { closedLinkResponse } from "@/lib/http/closed-link-response";
import { requestLocale } from "@/lib/i18n/request-locale";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

/**
 * The recipient's document: inline for the page's preview, as an attachment with ?download=1. Through
 * route() for its error answers: a store that is away is 503 with Retry-After, as on the API. A closed
 * link answers in the words and the language its page would.
 */
const get = route({ auth: "none", params: z.object({ token: z.string() }) }, async ({ req, params }) => {
  const download = new URL(req.url).searchParams.get("download") === "1";
  const opened = await openDeliverySession(params.token, download ? "download" : "access", visitorFrom(req.headers));
  if (opened.state !== "active")
    return closedLinkResponse(
      opened,
      requestLocale({ cookies: await cookies(), headers: req.headers }, opened.state === "unknown" ? null : opened.locale),
    );
  const pdf = await readDeliveredPdf(opened.record);
  if (!pdf) {
    console.error(`recipient link of session ${opened.session.id}: its document ${opened.record.fileName} is not in the store`);
    throw new AppError("internal", "The document of this link is missing; it has been logged");
  }
  return pdfResponse(pdf, { filename: opened.record.fileName, inline: !download });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
