import type { ReactNode } from "react";
import "@/components/tokens.css";

export const metadata = { title: "Sealpost", description: "Governed document dispatch" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
