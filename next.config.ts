import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { resourceCsp } from "./lib/http/csp";

// next-intl reads the language of each page, and the messages for it, from this request configuration.
const withNextIntl = createNextIntlPlugin("./app/i18n-request.ts");

const nextConfig: NextConfig = {
  // These packages load native/wasm assets or spawn workers at run time; bundling them breaks that.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@react-pdf/renderer",
    "fontkit",
    "postgres",
    "nodemailer",
    "oidc-provider",
    "inngest",
    "piscina",
  ],
  poweredByHeader: false,
  // `npm test` type-checks the whole project, tests included, as a phase of its own before it builds
  // (scripts/test-all.sh sets SEALPOST_TYPECHECKED once that passed): its build need not spend half a
  // minute of a core doing it again. Every other build still type-checks.
  typescript: { ignoreBuildErrors: process.env.SEALPOST_TYPECHECKED === "1" },
  // The console's new batch page posts a records file of up to 1 MB (lib/console/records-input.ts) to a
  // server action; the default limit, 1 MB, is the whole request, so the file's own limit could not be reached.
  experimental: { serverActions: { bodySizeLimit: "2mb" } },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      // Pages get their policy, with a nonce, from proxy.ts; what is not a page runs no script.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: resourceCsp() }] },
      { source: "/console/batches/:batchId/files/:path*", headers: [{ key: "Content-Security-Policy", value: resourceCsp() }] },
      { source: "/console/workflows/:workflowId/files/:path*", headers: [{ key: "Content-Security-Policy", value: resourceCsp() }] },
      // The recipient's document and the pictures of its pages (the page shows pictures, never embeds the PDF).
      { source: "/d/:token/file", headers: [{ key: "Content-Security-Policy", value: resourceCsp() }] },
      { source: "/d/:token/pages/:page", headers: [{ key: "Content-Security-Policy", value: resourceCsp() }] },
    ];
  },
};

export default withNextIntl(nextConfig);
