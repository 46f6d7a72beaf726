/**
 * A link's token is a key to someone's document, form or signature for as long as it lives, so no
 * log line may carry one: the signing and recipient links hold theirs in the path
 * (`/sign/{token}`, `/api/sign/{token}/…`, `/d/{token}/…`), the portal link in `pt`.
 */
const TOKEN_IN_PATH = /(\/(?:api\/)?sign\/|\/d\/)[^/?#\s"'<>]+/g;
const TOKEN_IN_QUERY = /([?&]pt=)[^&#\s"'<>]+/g;

export const REDACTED = "[token]";

/** `text` (a URL, a path or a whole log line) with every link token replaced by "[token]". */
export const redactTokens = (text: string): string => text.replace(TOKEN_IN_PATH, `$1${REDACTED}`).replace(TOKEN_IN_QUERY, `$1${REDACTED}`);
