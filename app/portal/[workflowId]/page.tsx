import type { Metadata } from "next";
import { Portal } from "./Portal";

// Rendered per request: the page's scripts carry this response's CSP nonce (proxy.ts).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Your form – Sealpost",
  robots: { index: false, follow: false },
  // The address holds the portal token: never send it to another site.
  referrer: "no-referrer",
};

/** /portal/{workflowId}?pt=<token>: the participant portal (the invitation mail's link). */
export default async function PortalPage({ params }: { params: Promise<{ workflowId: string }> }) {
  const { workflowId } = await params;
  return <Portal workflowId={workflowId} />;
}
