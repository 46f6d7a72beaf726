/**
 * The area of each path, in the order a reader meets them. An area is matched by its path, so a new
 * route lands in its area without being named; e-signature comes before workflow because its
 * workflow routes (signers, signatures, certificate) live under /api/workflow/{workflowId}.
 */
export const AREAS = [
  { name: "dispatch", description: "Rendering documents and batch dispatch (spec: render, Batch summary and detail).", match: /^\/api\/(render|dispatch)(\/|$)/ },
  { name: "delivery", description: "Delivery sessions: the links recipients open their documents with.", match: /^\/api\/delivery-sessions(\/|$)/ },
  {
    name: "e-signature",
    description: "Signing ceremonies (the signing link's token in the path is the credential), signers, signatures, verification and the certificate of completion.",
    match: /^\/api\/(sign|esign)\/|^\/api\/workflow\/\{workflowId\}\/(signers|signatures|certificate)(\/|$)/,
  },
  { name: "workflow", description: "Workflow sessions: create, steps, approval, review, sealing, export and callbacks.", match: /^\/api\/workflow(\/|$)/ },
  { name: "explain", description: "Explain traces and reports of a render (premium and enterprise tiers).", match: /^\/api\/explain\// },
  { name: "service", description: "Health and this document.", match: /^\/api\// },
] as const;

export function areaOf(path: string): string {
  return AREAS.find((a) => a.match.test(path))!.name;
}
