import { methods, route } from "@/lib/http/route";
import { governanceBody, workflowIdParams } from "@/lib/workflow/api-schemas";
import { reviewerDecider } from "@/lib/workflow/decider";
import { governanceDecision } from "@/lib/workflow/governance-decision";

export const dynamic = "force-dynamic";

const post = route({ auth: "portal", portalRoles: ["reviewer"], params: workflowIdParams, body: governanceBody }, async ({ portal, body }) =>
  governanceDecision(await reviewerDecider(portal), portal.workflowId, body.decision, body.justification, body.comment),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ POST: post });
