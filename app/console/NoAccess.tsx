import type { ConsoleAccess } from "@/lib/console/session";
import { ConsoleShell } from "./ConsoleShell";

const FEATURE: Record<Extract<ConsoleAccess, { ok: false }>["feature"], string> = {
  batchDispatch: "batch dispatch",
  workflow: "workflows",
};

/** A signed-in person whose organisation is not registered, or not licensed for the part of the console asked for. */
export function NoAccess({ access }: { access: Extract<ConsoleAccess, { ok: false }> }) {
  return (
    <ConsoleShell email={access.email} wide={false}>
      <h1>You cannot use the console yet</h1>
      <p>
        {access.reason === "licence"
          ? `Your organisation's Sealpost licence does not include ${FEATURE[access.feature]}.`
          : "Your organisation is not registered with Sealpost, or your account does not say which organisation you belong to."}
      </p>
      <p>Ask your Sealpost administrator for access. Details: {access.detail}</p>
    </ConsoleShell>
  );
}
