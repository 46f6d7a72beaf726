import { methods, route } from "@/lib/http/route";
import { previewExamples } from "@/lib/templates/api-examples";
import { previewAnswer } from "@/lib/templates/preview-answer";
import { previewBody, previewTemplate, withoutWords } from "@/lib/templates/preview";

export const dynamic = "force-dynamic";

const post = route(
  {
    auth: "bearer",
    body: previewBody,
    examples: previewExamples,
    bodyLimit: 512 * 1024,
    summary: "Preview a template with one record: the PDF and what was found in it",
    description:
      "Not in the spec. Renders one record through a template under `TEMPLATES_DIR` (`templatePath`) or given whole as text (`template`: front matter and body, as an author edits it), with the explain capture on, and answers the PDF (base64) with the record's own checks (`record.field_invalid`, `record.field_warning`, each naming its `field`) and the explain trace's findings (values missing, conditions, layout overflow, contrast, headings, alt text, each with its template `line`). A record that fails its checks is still rendered: the preview shows what it would look like. Nothing is stored: no batch, trace or document. Open to every tenant (no licence feature): authors preview before they send. A template that cannot be loaded is 422 `template.invalid` naming its line.",
    responses: { 200: previewAnswer },
  },
  async ({ principal, body }) => withoutWords(await previewTemplate(principal, body)),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
