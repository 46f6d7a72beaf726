import { PageShell } from "@/components/PageShell";
import { ApiReference } from "./ApiReference";

// Rendered per request so that its scripts carry the CSP nonce of proxy.ts.
export const dynamic = "force-dynamic";
export const metadata = { title: "API reference – Sealpost" };

/**
 * The human-readable API reference: Scalar's renderer (ApiReference.tsx) draws the OpenAPI document
 * this server generates and serves at /api/openapi.json, loaded from the same origin without a token.
 * The page's h1 is the renderer's: the document's title ("Sealpost API"), then its description.
 */
export default function ApiDocsPage() {
  return (
    <PageShell service="Sealpost" footer="Sealpost sends governed documents." full>
      <ApiReference />
    </PageShell>
  );
}
