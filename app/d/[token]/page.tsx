import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { ButtonLink } from "@/components/Button";
import { Caption } from "@/components/PageShell";
import { when } from "@/lib/console/labels";
import { deliveredPreview } from "@/lib/delivery/delivered-document";
import { openDeliverySession } from "@/lib/delivery/open-session";
import { closedLinkWords } from "@/lib/format/state-words";
import { visitorFrom } from "@/lib/http/visitor";
import { RecipientShell } from "./RecipientShell";
import styles from "./recipient.module.css";

export const dynamic = "force-dynamic";
export const metadata = { title: "Your document – Sealpost", robots: { index: false, follow: false } };

/**
 * /d/{token}: the recipient's page. Who sent what, to whom and until when, the pages as pictures
 * (served under this link by ./pages/[page]) and the download. An unknown or malformed link is a
 * real 404; an expired or withdrawn one says so and shows nothing of the document.
 */
export default async function DeliveryPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const opened = await openDeliverySession(token, "access", visitorFrom(await headers()));
  if (opened.state === "unknown") notFound();
  const { organisation, session } = opened;
  if (opened.state !== "active") {
    return (
      <RecipientShell organisation={organisation}>
        <h1>{closedLinkWords[opened.state]}</h1>
        <p>
          {opened.state === "expired"
            ? `The link stopped working on ${when(session.expiresAt)}.`
            : `${organisation} has withdrawn access to this document.`}{" "}
          Please contact {organisation} if you still need it.
        </p>
      </RecipientShell>
    );
  }
  const { record } = opened;
  // The token passed the check above, so it is of the link's own shape: safe in a path.
  const base = `/d/${token}`;
  const preview = await deliveredPreview(record);
  const recipient = session.recipientName ? `${session.recipientName} (${session.recipientEmail})` : session.recipientEmail;
  return (
    <RecipientShell organisation={organisation} wide>
      <div className={styles.intro}>
        <Caption>From {organisation}</Caption>
        <h1>{record.title}</h1>
        <p className={styles.lede}>
          {organisation} sent you this document, {record.fileName}, addressed to {recipient}.
        </p>
        <p>
          The link works until {when(session.expiresAt)}. After that, ask {organisation} for the document.
        </p>
        <ButtonLink href={`${base}/file?download=1`} download={record.fileName}>
          Download the PDF
        </ButtonLink>
      </div>
      <section aria-labelledby="pages-title">
        <h2 id="pages-title">The document</h2>
        {!preview ? (
          <p>The pages cannot be shown here. Download the PDF to read the document.</p>
        ) : (
          <>
            {preview.total > preview.pages.length && (
              <p>
                Here are the first {preview.pages.length} of its {preview.total} pages. Download the PDF to read all of it.
              </p>
            )}
            <ol className={styles.pages}>
              {preview.pages.map((p) => (
                <li key={p.number}>
                  {/* A plain <img>: next/image's optimiser would fetch the picture itself and cache it. */}
                  <img
                    src={`${base}/pages/${p.number}`}
                    alt={`Page ${p.number} of ${preview.total}`}
                    width={p.width}
                    height={p.height}
                    loading={p.number > 2 ? "lazy" : undefined}
                  />
                  <span className={styles.pageNumber} aria-hidden="true">
                    Page {p.number} of {preview.total}
                  </span>
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </RecipientShell>
  );
}
