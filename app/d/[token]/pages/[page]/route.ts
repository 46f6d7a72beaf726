import { cookies } from "next/headers";
import { z } from "zod";
import { deliveredPageImage, previewPageNumber } from "@/lib/delivery/delivered-document";
import { openDeliverySession } from "@/lib/delivery/open-session";
import { isBlobStoreUnavailable } from "@/lib/blob/store";
import { closedLinkResponse } from "@/lib/http/closed-link-response";
import { requestLocale } from "@/lib/i18n/request-locale";
import { translatorFor } from "@/lib/i18n/translator";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { visitorFrom } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";

/**
 * A picture of one page of the recipient's document, for its page; behind the same link check (and
 * recorded visit) as the PDF. What it says instead of a picture is in the page's language.
 */
const get = route({ auth: "none", params: z.object({ token: z.string(), page: z.string() }) }, async ({ req, params }) => {
  const number = previewPageNumber(params.page);
  const asked = { cookies: await cookies(), headers: req.headers };
  if (number === null) return closedLinkResponse({ state: "unknown" }, requestLocale(asked));
  const opened = await openDeliverySession(params.token, "access", visitorFrom(req.headers));
  const locale = requestLocale(asked, opened.state === "unknown" ? null : opened.locale);
  if (opened.state !== "active") return closedLinkResponse(opened, locale);
  const t = translatorFor(locale);
  const text = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "content-language": locale, ...headers } });
  let png: Buffer | null;
  try {
    png = await deliveredPageImage(opened.record, number);
  } catch (err) {
    if (isBlobStoreUnavailable(err)) throw err; // route() answers 503 problem+json, as for the PDF
    // pdftoppm missing, past its deadline or refusing the file: the page's download still works.
    console.error(`recipient page picture ${number} of session ${opened.session.id}:`, err);
    return text(503, t("recipient.picture.failed"), { "retry-after": "5" });
  }
  if (!png) return text(404, t("recipient.picture.missing"));
  return pdfResponse(png, { contentType: "image/png" });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
