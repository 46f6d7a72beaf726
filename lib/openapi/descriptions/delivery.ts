/** The OpenAPI tag description of the delivery area: Delivery. Decisions about one operation are in its route spec. */
import { md } from "../markdown";

export const deliveryArea = md(
  "Delivery sessions: the personal links recipients open their documents with.",
  "",
  "- **Sessions**: one per recipient address per record, created when the record is rendered, mailed a personal link `{PUBLIC_BASE_URL}/d/{token}` (the recipient page, docs/pages.md). The token (256 bits) is an HMAC of the session id under `PORTAL_TOKEN_SECRET`; it is stored nowhere: the session keeps its SHA-256 hash and the mail outbox keeps a placeholder that is expanded only when the mail is handed to the SMTP server. In combined mode recipients still get their own record's PDF, never the merged one. A sealed workflow's delivery recipients and its signers get sessions of the same kind (see the workflow and e-signature areas).",
  "- **The mail** greets the recipient by name: the address's `recipientName`, else the record field the template's `deliveryConfig.nameField` names (`customerName` in `templates/notice.md`), else a plain \"Hello,\"; that name is the session's `recipientName`. It is written on one line (line breaks and control characters become spaces, at most 100 characters) and never into a header.",
  "- **States**: `active`, `expired` (after `expiresInHours`, 168 by default), `revoked`.",
  '- **Events**: every visit to a link is recorded: the recipient page, its page pictures and inline fetches of the file are `access` events, attachments `download`; visits to an expired or revoked link are `denied`. The `ip` of an event is the address the nearest trusted hop saw (`TRUSTED_PROXY_HOPS`, docs/operations.md, "Environment"); what a client writes into `X-Forwarded-For` itself is never recorded as its address.',
);
