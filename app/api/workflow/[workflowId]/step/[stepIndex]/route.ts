import { methods, route } from "@/lib/http/route";
import { stepBody, stepParams } from "@/lib/workflow/api-schemas";
import { saveStep } from "@/lib/workflow/save-step";

export const dynamic = "force-dynamic";

const patch = route({ auth: "portal", portalRoles: ["participant"], params: stepParams, body: stepBody, bodyLimit: 1 << 20 }, ({ portal, params, body }) =>
  saveStep(portal, params.stepIndex, body.data, body.version),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ PATCH: patch });
