import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // These packages load native/wasm assets or spawn workers at run time; bundling them breaks that.
  serverExternalPackages: ["@electric-sql/pglite", "@react-pdf/renderer", "postgres", "nodemailer", "oidc-provider", "inngest"],
  poweredByHeader: false,
};

export default nextConfig;
