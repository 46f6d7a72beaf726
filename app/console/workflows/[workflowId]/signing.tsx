import type { ReactNode } from "react";
import { StatusTag } from "@/components/StatusTag";
import { Table } from "@/components/Table";
import { bidi } from "@/components/bidi";
import { signatureVerdict, type SigningDetail } from "@/lib/console/signing-detail";
import type { WorkflowSigner } from "@/lib/db/schema";
import { momentText } from "@/lib/format/moment-text";
import { signerStateTags } from "@/lib/format/state-words";
import { isolate } from "@/lib/i18n/isolate";
import type { Locale } from "@/lib/i18n/locales";
import type { Translator } from "@/lib/i18n/translator";
import styles from "../../console.module.css";
import { signatureWords, signerStateWords, verificationSummary } from "../workflow-words";

/** E-signature on the workflow page: the signers, the current document's verification, and the certificate of completion. */
export function Signing({ detail, base, t, locale }: { detail: SigningDetail; base: string; t: Translator; locale: Locale }) {
  return (
    <section aria-labelledby="signing-title">
      <h2 id="signing-title">{t("console.workflows.signing.heading")}</h2>
      <p>{detail.mode === "sequential" ? t("console.workflows.signing.sequential") : t("console.workflows.signing.parallel")}</p>
      <Signers signers={detail.signers} sequential={detail.mode === "sequential"} t={t} locale={locale} />
      <Verification detail={detail} t={t} locale={locale} />
      <Certificate detail={detail} base={base} t={t} />
    </section>
  );
}

function Signers({ signers, sequential, t, locale }: { signers: WorkflowSigner[]; sequential: boolean; t: Translator; locale: Locale }) {
  return (
    <Table
      caption={t("console.workflows.signing.signersCaption", { count: signers.length })}
      rows={signers}
      rowKey={(s) => String(s.position)}
      columns={[
        ...(sequential
          ? [
              {
                key: "order",
                header: t("console.workflows.signing.columnOrder"),
                cell: (s: WorkflowSigner) => (s.signOrder ?? s.position + 1).toLocaleString(locale),
                numeric: true,
              },
            ]
          : []),
        {
          key: "name",
          header: t("console.workflows.signing.columnSigner"),
          cell: (s) => (
            <>
              <bdi>{s.name}</bdi>
              <div className={styles.secondary}>
                <bdi>{s.email}</bdi>
              </div>
            </>
          ),
        },
        { key: "role", header: t("console.workflows.signing.columnRole"), cell: (s) => (s.role ? <bdi>{s.role}</bdi> : "—") },
        {
          key: "state",
          header: t("console.workflows.signing.columnState"),
          cell: (s) => (
            <>
              <StatusTag colour={signerStateTags[s.state]}>{signerStateWords(t, s.state)}</StatusTag>
              {s.declineReason ? (
                <div>{bidi(t("console.workflows.signing.declineReason", { reason: isolate(s.declineReason) }))}</div>
              ) : null}
            </>
          ),
        },
        { key: "times", header: t("console.workflows.signing.columnWhen"), cell: (s) => <SignerTimes s={s} t={t} /> },
      ]}
    />
  );
}

function SignerTimes({ s, t }: { s: WorkflowSigner; t: Translator }) {
  const lines = [
    s.invitedAt && t("console.workflows.signing.invitedAt", { at: s.invitedAt }),
    s.viewedAt && t("console.workflows.signing.openedAt", { at: s.viewedAt }),
    s.signedAt && t("console.workflows.signing.signedAt", { at: s.signedAt }),
    s.declinedAt && t("console.workflows.signing.declinedAt", { at: s.declinedAt }),
    !s.signedAt && !s.declinedAt && s.signRequestedAt && t("console.workflows.signing.confirmedAt", { at: s.signRequestedAt }),
  ].filter(Boolean);
  if (!lines.length) return <>{t("console.workflows.signing.notInvited")}</>;
  return (
    <>
      {lines.map((l) => (
        <div key={l as string}>{l}</div>
      ))}
    </>
  );
}

function Verification({ detail, t, locale }: { detail: SigningDetail; t: Translator; locale: Locale }) {
  const v = detail.verification;
  return (
    <>
      <h3>{t("console.workflows.signing.checkHeading")}</h3>
      {"unavailable" in v ? (
        <p>{v.unavailable === "notSealed" ? t("console.workflows.signing.notSealedYet") : t("console.workflows.signing.checkFailed")}</p>
      ) : (
        <>
          <p>
            <StatusTag colour={v.valid ? "green" : v.signatureCount ? "red" : "grey"}>
              {v.valid
                ? t("console.workflows.signing.allValid")
                : v.signatureCount
                  ? t("console.workflows.signing.notValid")
                  : t("console.workflows.signing.notSignedYet")}
            </StatusTag>{" "}
            {verificationSummary(t, v)}{" "}
            {v.document.matchesStored
              ? t("console.workflows.signing.revision", { revision: v.document.revision })
              : t("console.workflows.signing.revisionMismatch", { revision: v.document.revision })}
          </p>
          {v.signatureCount > 0 && (
            <Table
              caption={t("console.workflows.signing.signaturesCaption")}
              captionHidden
              rows={v.signatures}
              rowKey={(s) => s.field}
              columns={[
                {
                  key: "signer",
                  header: t("console.workflows.signing.columnSignedBy"),
                  cell: (s) =>
                    s.signer ? (
                      bidi(t("console.workflows.signing.signerValue", { name: isolate(s.signer.name), email: isolate(s.signer.email) }))
                    ) : (
                      <bdi>{s.certificate.subject ?? s.field}</bdi>
                    ),
                },
                {
                  key: "time",
                  header: t("console.workflows.signing.columnSignedAt"),
                  cell: (s) =>
                    s.signingTime
                      ? s.signingTimeSource === "timestamp"
                        ? t("console.workflows.signing.timestamped", { at: new Date(s.signingTime) })
                        : momentText(s.signingTime, locale)
                      : "—",
                },
                {
                  key: "result",
                  header: t("console.workflows.signing.columnResult"),
                  cell: (s) => (
                    <>
                      <StatusTag colour={s.valid ? "green" : "red"}>
                        {s.valid ? t("console.workflows.signing.valid") : t("console.workflows.signing.notValid")}
                      </StatusTag>
                      <div>{signatureWords(t, signatureVerdict(s))}</div>
                    </>
                  ),
                },
              ]}
            />
          )}
        </>
      )}
    </>
  );
}

function Certificate({ detail, base, t }: { detail: SigningDetail; base: string; t: Translator }) {
  const c = detail.certificate;
  const link = (chunks: ReactNode) => <a href={`${base}/files/certificate`}>{chunks}</a>;
  return (
    <>
      <h3>{t("console.workflows.signing.certificateHeading")}</h3>
      {"pending" in c ? (
        <p>{c.pending === "now" ? t("console.workflows.signing.certificatePending") : t("console.workflows.signing.certificateLater")}</p>
      ) : "notYours" in c ? (
        <p>{t("console.workflows.signing.certificateNotYours")}</p>
      ) : (
        <ul className={styles.downloads}>
          <li>
            {t.rich("console.workflows.signing.certificateLink", { link, outcome: c.outcome })}
            <div className={styles.secondary}>
              SHA-256: <code className={styles.hash}>{c.sha256}</code>
            </div>
          </li>
          <li>
            {c.chain.valid
              ? t("console.workflows.signing.chainIntact", { count: c.chain.checked })
              : t("console.workflows.signing.chainChanged", {
                  problem: c.chain.broken.problem,
                  event: String(c.chain.broken.eventId),
                  link: c.chain.broken.index + 1,
                })}
          </li>
        </ul>
      )}
    </>
  );
}
