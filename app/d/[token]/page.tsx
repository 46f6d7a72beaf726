import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/Button";
import { Caption } from "@/components/PageShell";
import { deliveredPreview } from "@/lib/delivery/delivered-document";
import { openDeliverySession } from "@/lib/delivery/open-session";
import { closedLinkWords } from "@/lib/format/state-words";
import { visitorFrom } from "@/lib/http/visitor";
import { RecipientShell } from "./RecipientShell";
import styles from "./recipient.module.css";

export const dynamic = "force-dynamic";

/** The title in the page's language; the site's English description is left out, as the page is not indexed. */
export async function generateMetadata() {
  const t = await getTranslations();
  return { title: t("recipient.metaTitle"), description: null, robots: { index: false, follow: false } };
}

/**
 * /d/{token}: the recipient's page. Who sent what, to whom and until when, the pages as pictures
 * (served under this link by ./pages/[page]) and the download. An unknown or malformed link is a
 * real 404; an expired or withdrawn one says so and shows nothing of the document. Its language is
 * the request's (app/i18n-request.ts): the visitor's choice, the delivery's, or the browser's.
 */
export default async function DeliveryPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const opened = await openDeliverySession(token, "access", visitorFrom(await headers()));
  if (opened.state === "unknown") notFound();
  const t = await getTranslations();
  const { organisation, session } = opened;
  if (opened.state !== "active") {
    return (
      <RecipientShell organisation={organisation}>
        <h1>{closedLinkWords(opened.state, t)}</h1>
        <p>
          {opened.state === "expired"
            ? t("recipient.closed.expired.body", { expiredAt: session.expiresAt, organisation })
            : t("recipient.closed.revoked.body", { organisation })}
        </p>
      </RecipientShell>
    );
  }
  const { record } = opened;
  // The token passed the check above, so it is of the link's own shape: safe in a path.
  const base = `/d/${token}`;
  const preview = await deliveredPreview(record);
  const lede = { organisation, fileName: record.fileName, email: session.recipientEmail };
  return (
    <RecipientShell organisation={organisation} wide>
      <div className={styles.intro}>
        <Caption>{t("recipient.caption", { organisation })}</Caption>
        <h1>{record.title}</h1>
        <p className={styles.lede}>
          {session.recipientName ? t("recipient.ledeNamed", { ...lede, name: session.recipientName }) : t("recipient.lede", lede)}
        </p>
        <p>{t("recipient.until", { until: session.expiresAt, organisation })}</p>
        <ButtonLink href={`${base}/file?download=1`} download={record.fileName}>
          {t("recipient.download")}
        </ButtonLink>
      </div>
      <section aria-labelledby="pages-title">
        <h2 id="pages-title">{t("recipient.documentHeading")}</h2>
        {!preview ? (
          <p>{t("recipient.noPreview")}</p>
        ) : (
          <>
            {preview.total > preview.pages.length && (
              <p>{t("recipient.partialPreview", { total: preview.total, shown: preview.pages.length })}</p>
            )}
            <ol className={styles.pages}>
              {preview.pages.map((p) => {
                const name = t("recipient.pageAlt", { number: p.number, total: preview.total });
                return (
                  <li key={p.number}>
                    {/* A plain <img>: next/image's optimiser would fetch the picture itself and cache it. */}
                    <img
                      src={`${base}/pages/${p.number}`}
                      alt={name}
                      width={p.width}
                      height={p.height}
                      loading={p.number > 2 ? "lazy" : undefined}
                    />
                    <span className={styles.pageNumber} aria-hidden="true">
                      {name}
                    </span>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </section>
    </RecipientShell>
  );
}
