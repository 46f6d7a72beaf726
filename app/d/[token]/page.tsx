import { headers } from "next/headers";
import { openDeliverySession } from "@/lib/delivery/open-session";
import { visitorFrom } from "@/lib/http/visitor";

export const dynamic = "force-dynamic";
export const metadata = { title: "Your document – Sealpost", robots: { index: false, follow: false } };

const box = { maxWidth: 860, margin: "2rem auto", padding: "0 1rem" } as const;

export default async function DeliveryPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const opened = await openDeliverySession(token, "access", visitorFrom(await headers()));
  if (opened.state === "unknown") {
    return (
      <main style={box}>
        <h1>Link not recognised</h1>
        <p>This document link is not valid. Check that you copied the whole link from your email.</p>
      </main>
    );
  }
  if (opened.state !== "active") {
    return (
      <main style={box}>
        <h1>{opened.state === "expired" ? "This link has expired" : "This link has been withdrawn"}</h1>
        <p>
          {opened.state === "expired"
            ? `The link expired on ${opened.session.expiresAt.toUTCString()}.`
            : "The sender has withdrawn access to this document."}{" "}
          Please contact the sender if you still need it.
        </p>
      </main>
    );
  }
  const { record, session } = opened;
  const file = `/d/${token}/file`;
  return (
    <main style={box}>
      <h1>{record.fileName}</h1>
      <p>
        Sent to {session.recipientName ? `${session.recipientName} (${session.recipientEmail})` : session.recipientEmail}. Available until{" "}
        {session.expiresAt.toUTCString()}.
      </p>
      <p>
        <a href={`${file}?download=1`} download={record.fileName} style={{ fontWeight: 600 }}>
          Download the PDF
        </a>
      </p>
      <object data={file} type="application/pdf" width="100%" height="800" aria-label={record.fileName}>
        <p>Your browser cannot show the PDF here; use the download link above.</p>
      </object>
    </main>
  );
}
