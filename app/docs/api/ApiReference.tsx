"use client";

// First: zod must be told not to probe for eval before Scalar's modules run (zod-jitless.ts).
import "./zod-jitless";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "./scalar-theme.css";

/**
 * Scalar's API reference, configured to stay on this origin: the document comes from
 * /api/openapi.json; no web fonts from fonts.scalar.com (withDefaultFonts), no telemetry, no AI
 * agent or MCP, no "test request" client (it would offer Scalar's proxy) and no developer tools.
 * Light only: Sealpost's pages have no dark mode.
 */
const configuration = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: "never",
  hideDarkModeToggle: true,
  forceDarkModeState: "light",
  documentDownloadType: "direct",
  showOperationId: true,
  // The sidebar lists every operation of every tag, not only the first tag's.
  defaultOpenAllTags: true,
  theme: "none",
} as const;

export function ApiReference() {
  return (
    // An unnamed section is no landmark, so the renderer's <main> is the page's main landmark, and it
    // scopes the renderer's own <header> (its narrow-screen bar) so that the page has one banner.
    <section className="sealpost-api-reference">
      <ApiReferenceReact configuration={configuration} />
    </section>
  );
}
