import { PageShell } from "@/components/PageShell";
import { devMailPageShown } from "@/lib/mail/dev-mail-page";
import styles from "./home.module.css";

// Rendered per request so that its scripts carry the CSP nonce of proxy.ts.
export const dynamic = "force-dynamic";

/**
 * The main endpoints, so that a newcomer sees the shape of the API here; every one of them is on the
 * API reference page (/docs/api), and the decisions behind them in docs/api.md in the repository.
 */
const ENDPOINTS: Array<[string, string]> = [
  ["POST /api/render", "Submit a batch of records (the answer is the intake receipt PDF), or render one document"],
  ["GET /api/dispatch/batch/{id}", "A batch's state and counts; …/documents lists its PDFs"],
  ["POST /api/dispatch/batch/{id}/decide", "Approve, reject or ask for changes"],
  ["GET /api/delivery-sessions?correlationId=", "A record's delivery links and every access and download"],
  ["POST /api/workflow", "Start a workflow session; the answer holds the participant's portal link"],
  ["GET /api/workflow/{id}/status", "Where a workflow session stands"],
  ["GET /api/explain/trace?correlationId=", "Why a document came out as it did (premium and enterprise)"],
  ["GET /api/health", "Whether this server is working"],
];

/** The front door: what Sealpost is, and where to go from here. */
export default function Home() {
  const places: Array<{ href: string; name: string; what: string }> = [
    {
      href: "/console",
      name: "Approver console",
      what: "Approvers and submitters sign in to review, approve and follow batches and workflow sessions.",
    },
    ...(devMailPageShown()
      ? [
          {
            href: "/dev/mail",
            name: "Captured mail",
            what: "The mail this server has sent or captured, with the links recipients and participants receive (development only).",
          },
        ]
      : []),
    {
      href: "/docs/api",
      name: "API reference",
      what: "Every endpoint of the API, its parameters, bodies, answers and problems, drawn from the OpenAPI document at /api/openapi.json.",
    },
    { href: "/api/health", name: "Health", what: "Whether the database and the background work of this server are answering, as JSON." },
  ];
  return (
    <PageShell service="Sealpost" footer="Sealpost sends governed documents.">
      <h1>Sealpost</h1>
      <p className={styles.lede}>
        Sealpost sends governed documents. An application submits a batch of records; Sealpost checks each one against its template, waits
        for an approver, then makes one PDF per record and delivers it through a personal, expiring link whose every visit is recorded.
      </p>
      <p>Workflow sessions let a participant fill in a form step by step until an approver&apos;s decision seals the answers into a PDF.</p>
      <nav aria-labelledby="places-title">
        <h2 id="places-title">Where to go</h2>
        <ul className={styles.list}>
          {places.map((p) => (
            <li key={p.href}>
              <a className={styles.place} href={p.href}>
                {p.name}
              </a>
              <div>{p.what}</div>
            </li>
          ))}
        </ul>
      </nav>
      <h2>The API</h2>
      <p>
        Applications call the API with bearer tokens from the organisation&apos;s OpenID Connect issuer. Every endpoint is in the{" "}
        <a href="/docs/api">API reference</a>, and the decisions behind them in <code className={styles.path}>docs/api.md</code> in
        Sealpost&apos;s repository. The main endpoints:
      </p>
      <ul className={styles.list}>
        {ENDPOINTS.map(([endpoint, what]) => (
          <li key={endpoint}>
            <code className={styles.endpoint}>{endpoint}</code>
            {what}
          </li>
        ))}
      </ul>
    </PageShell>
  );
}
