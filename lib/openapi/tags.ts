import { deliveryArea } from "./descriptions/delivery";
import { dispatchArea } from "./descriptions/dispatch";
import { eSignatureArea } from "./descriptions/esign";
import { explainArea } from "./descriptions/explain";
import { serviceArea } from "./descriptions/service";
import { templatesArea } from "./descriptions/templates";
import { workflowArea } from "./descriptions/workflow";

/**
 * The area of each path, in the order a reader meets them. An area is matched by its path, so a new
 * route lands in its area without being named; e-signature comes before workflow because its
 * workflow routes (signers, signatures, certificate) live under /api/workflow/{workflowId}. An area's
 * description (./descriptions) holds what is decided for all its operations; an operation's own
 * decisions are in its route spec's `description`.
 */
export const AREAS = [
  { name: "dispatch", description: dispatchArea, match: /^\/api\/(render|dispatch)(\/|$)/ },
  { name: "delivery", description: deliveryArea, match: /^\/api\/delivery-sessions(\/|$)/ },
  {
    name: "e-signature",
    description: eSignatureArea,
    match: /^\/api\/(sign|esign)\/|^\/api\/workflow\/\{workflowId\}\/(signers|signatures|certificate)(\/|$)/,
  },
  { name: "workflow", description: workflowArea, match: /^\/api\/workflow(\/|$)/ },
  { name: "explain", description: explainArea, match: /^\/api\/explain\// },
  { name: "templates", description: templatesArea, match: /^\/api\/templates\// },
  { name: "service", description: serviceArea, match: /^\/api\// },
] as const;

export function areaOf(path: string): string {
  return AREAS.find((a) => a.match.test(path))!.name;
}
