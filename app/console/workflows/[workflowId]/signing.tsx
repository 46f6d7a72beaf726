import { StatusTag } from "@/components/StatusTag";
import { Table } from "@/components/Table";
import { when } from "@/lib/console/labels";
import { signatureWords, type SigningDetail } from "@/lib/console/signing-detail";
import { signerStateLabels } from "@/lib/format/state-words";
import type { WorkflowSigner } from "@/lib/db/schema";
import styles from "../../console.module.css";

/** E-signature on the workflow page: the signers, the current document's verification, and the certificate of completion. */
export function Signing({ detail, base }: { detail: SigningDetail; base: string }) {
  return (
    <section aria-labelledby="signing-title">
      <h2 id="signing-title">Signatures</h2>
      <p>
        {detail.mode === "sequential" ? "Signers sign one after another, in the order shown." : "Every signer is asked at the same time."}
      </p>
      <Signers signers={detail.signers} sequential={detail.mode === "sequential"} />
      <Verification detail={detail} />
      <Certificate detail={detail} base={base} />
    </section>
  );
}

function Signers({ signers, sequential }: { signers: WorkflowSigner[]; sequential: boolean }) {
  return (
    <Table
      caption={`Signers (${signers.length})`}
      rows={signers}
      rowKey={(s) => String(s.position)}
      columns={[
        ...(sequential
          ? [{ key: "order", header: "Order", cell: (s: WorkflowSigner) => String(s.signOrder ?? s.position + 1), numeric: true }]
          : []),
        {
          key: "name",
          header: "Signer",
          cell: (s) => (
            <>
              {s.name}
              <div className={styles.secondary}>{s.email}</div>
            </>
          ),
        },
        { key: "role", header: "Role", cell: (s) => s.role ?? "—" },
        {
          key: "state",
          header: "State",
          cell: (s) => (
            <>
              <StatusTag colour={signerStateLabels[s.state].colour}>{signerStateLabels[s.state].label}</StatusTag>
              {s.declineReason ? <div>Reason: {s.declineReason}</div> : null}
            </>
          ),
        },
        { key: "times", header: "When", cell: (s) => <SignerTimes s={s} /> },
      ]}
    />
  );
}

function SignerTimes({ s }: { s: WorkflowSigner }) {
  const lines = [
    s.invitedAt && `Invited ${when(s.invitedAt)}`,
    s.viewedAt && `Opened ${when(s.viewedAt)}`,
    s.signedAt && `Signed ${when(s.signedAt)}`,
    s.declinedAt && `Declined ${when(s.declinedAt)}`,
    !s.signedAt && !s.declinedAt && s.signRequestedAt && `Confirmed ${when(s.signRequestedAt)}; the signature is being added`,
  ].filter(Boolean);
  if (!lines.length) return <>Not invited yet</>;
  return (
    <>
      {lines.map((l) => (
        <div key={l as string}>{l}</div>
      ))}
    </>
  );
}

function Verification({ detail }: { detail: SigningDetail }) {
  const v = detail.verification;
  return (
    <>
      <h3>Check of the signed document</h3>
      {"unavailable" in v ? (
        <p>{v.unavailable}</p>
      ) : (
        <>
          <p>
            <StatusTag colour={v.valid ? "green" : v.signatureCount ? "red" : "grey"}>
              {v.valid ? "All signatures valid" : v.signatureCount ? "Not valid" : "Not signed yet"}
            </StatusTag>{" "}
            {v.summary} Revision {v.document.revision}
            {v.document.matchesStored ? "" : " (it does not match the SHA-256 recorded for it)"}.
          </p>
          {v.signatureCount > 0 && (
            <Table
              caption="Each signature in the current document"
              captionHidden
              rows={v.signatures}
              rowKey={(s) => s.field}
              columns={[
                {
                  key: "signer",
                  header: "Signed by",
                  cell: (s) => (s.signer ? `${s.signer.name} (${s.signer.email})` : (s.certificate.subject ?? s.field)),
                },
                {
                  key: "time",
                  header: "Signed at",
                  cell: (s) =>
                    s.signingTime ? `${when(s.signingTime)}${s.signingTimeSource === "timestamp" ? ", timestamped" : ""}` : "—",
                },
                {
                  key: "result",
                  header: "Result",
                  cell: (s) => (
                    <>
                      <StatusTag colour={s.valid ? "green" : "red"}>{s.valid ? "Valid" : "Not valid"}</StatusTag>
                      <div>{signatureWords(s)}</div>
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

function Certificate({ detail, base }: { detail: SigningDetail; base: string }) {
  const c = detail.certificate;
  return (
    <>
      <h3>Certificate of completion</h3>
      {"pending" in c ? (
        <p>{c.pending}</p>
      ) : "notYours" in c ? (
        <p>{c.notYours}</p>
      ) : (
        <ul className={styles.downloads}>
          <li>
            <a href={`${base}/files/certificate`}>Certificate of completion (PDF)</a>,{" "}
            {c.outcome === "declined" ? "recording the decline" : "every signer's events"}, signed by your organisation
            <div className={styles.secondary}>
              SHA-256: <code className={styles.hash}>{c.sha256}</code>
            </div>
          </li>
          <li>
            {c.chain.valid
              ? `Activity record intact: the ${c.chain.checked} events in the certificate's hash chain are unchanged.`
              : `Activity record changed: ${c.chain.message}.`}
          </li>
        </ul>
      )}
    </>
  );
}
