import { getBlobStore } from "@/lib/blob/store";
import { pdfResponse } from "@/lib/http/pdf-response";
import { methods, route } from "@/lib/http/route";
import { workflowFileName } from "@/lib/workflow/sealing/sealed-file-name";
import { ceremonyDocument } from "@/lib/signing/ceremony/ceremony-bootstrap";
import { otpProofOf, signTokenParams } from "@/lib/signing/ceremony/ceremony-http";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

/** The current revision of the document being signed, with its SHA-256 and revision number. */
const get = route(
  {
    auth: "none",
    params: signTokenParams,
    summary: "The document being signed, current revision",
    description: md("The current revision of the document, inline, with `X-Content-SHA256` and `X-Document-Revision`."),
    responses: {
      200: {
        contentType: "application/pdf",
        headers: { "X-Content-SHA256": "SHA-256 of the file", "X-Document-Revision": "The revision number" },
      },
    },
  },
  async ({ req, params }) => {
    const doc = await ceremonyDocument(params.token, otpProofOf(req));
    const pdf = await getBlobStore().get(doc.key);
    if (!pdf) throw new Error(`revision ${doc.revision} of workflow ${doc.wf.id} missing from the blob store`);
    return pdfResponse(pdf, {
      filename: workflowFileName(doc.wf, "for-signature"),
      inline: true,
      headers: { "x-content-sha256": doc.sha256, "x-document-revision": String(doc.revision), "referrer-policy": "no-referrer" },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
