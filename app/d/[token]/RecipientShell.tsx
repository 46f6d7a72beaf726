import type { ReactNode } from "react";
import { PageShell } from "@/components/PageShell";

/** The recipient's pages: the design system's shell, naming the sending organisation when the link is known. */
export function RecipientShell({ organisation, wide, children }: { organisation?: string; wide?: boolean; children: ReactNode }) {
  const footer = organisation
    ? `Sealpost delivers this document for ${organisation}. Each visit to this link and each download is recorded for ${organisation}.`
    : "Sealpost delivers documents for the organisations that use it.";
  return (
    <PageShell service="Sealpost" organisation={organisation} footer={footer} wide={wide}>
      {children}
    </PageShell>
  );
}
