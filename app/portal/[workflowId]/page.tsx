import type { Metadata } from "next";
import { Portal } from "./Portal";

// Rendered per request: the page's scripts carry this response's CSP nonce (proxy.ts).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  // No route title: the portal renders its own (<title> in Portal and Reviewer, from the step or
  // review page shown). A route title as well would be a second one, which Next.js could add after the
  // portal had named the page and so replace that name.
  title: null,
  robots: { index: false, follow: false },
  // The address holds the portal token: never send it to another site.
  referrer: "same-origin",
};

/** /portal/{workflowId}?pt=<token>: the participant portal (the invitation mail's link). */
export default async function PortalPage({ params }: { params: Promise<{ workflowId: string }> }) {
  const { workflowId } = await params;
  return <Portal workflowId={workflowId} />;
}
