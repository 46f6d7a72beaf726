import { sessionsQuery } from "@/lib/delivery/api-schemas";
import { deliverySessionsAnswer } from "@/lib/delivery/answer-schemas";
import { listDeliverySessions } from "@/lib/delivery/list-sessions";
import { methods, route } from "@/lib/http/route";
import { md } from "@/lib/openapi/markdown";

export const dynamic = "force-dynamic";

const get = route(
  {
    auth: "bearer",
    feature: "batchDispatch",
    query: sessionsQuery,
    summary: "Delivery sessions of a correlation id",
    description: md(
      "`correlationId` is the record's correlation id (`documents[].correlationId` of a batch). The answer: `{correlationId, total, sessions: [{sessionId, batchId, recordIndex, state, recipientEmail, recipientName, createdAt, expiresAt, revokedAt, locale, mail, events: [{kind: access|download|denied|language, at, locale, ip, userAgent}]}]}`. `locale` is the recipient's language, the one their mail is written in (the record's `recipientLocale` entry or a signer's own, else the template's or workflow's `locale`, else the tenant's default locale, where Sealpost has it, such as `de` for `de-DE`; null: the mail is in en-GB and the page follows the browser, or the tenant's default set since). A `language` event is the recipient switching their page's language with its menu; its `locale` is the one they chose. Another tenant's id gives an empty list, not a 404.",
    ),
    responses: { 200: deliverySessionsAnswer },
  },
  ({ principal, query }) => listDeliverySessions(principal.tenant.id, query.correlationId),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({ GET: get });
