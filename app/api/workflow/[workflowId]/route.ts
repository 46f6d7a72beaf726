import { methods, route } from "@/lib/http/route";
import { portalBootstrapAnswer } from "@/lib/workflow/answer-schemas";
import { workflowIdParams } from "@/lib/workflow/api-schemas";
import { portalBootstrap } from "@/lib/workflow/otp/portal-bootstrap";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "portal",
    params: workflowIdParams,
    summary: "The portal page's bootstrap (participant or reviewer)",
    responses: { 200: portalBootstrapAnswer },
    problems: ["workflow.not_found", "otp.required"],
  },
  ({ portal }) => portalBootstrap(portal),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
