import type { Metadata } from "next";
import { Ceremony } from "./Ceremony";

// Rendered per request: the page's scripts carry this response's CSP nonce (proxy.ts).
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  // The ceremony names itself from the page it shows (Ceremony renders the only <title>).
  title: null,
  robots: { index: false, follow: false },
  // The address holds the signing link: never sent to another site. Not no-referrer: under it a
  // browser posts forms with Origin: null, which Next.js refuses (main's Referrer-Policy decision).
  referrer: "same-origin",
};

/** /sign/{token}: the signing ceremony of one signer (the link of the invitation mail). */
export default async function SignPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <Ceremony token={token} />;
}
