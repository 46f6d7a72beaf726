/**
 * Import rules checked by `npm run check:deps` (part of `npm test`):
 * no cycles (type-only imports included: a type cycle is still a design cycle), and imports point
 * one way: app/, inngest/, scripts/ import lib/, never the reverse; within lib/, domain code sends
 * events and the jobs, their registry and the embedded runner (lib/jobs) sit above it; lib/db imports
 * nothing of lib/ but lib/env.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A module may not import itself through others: move the shared part below both.",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-stays-below-the-edge",
      severity: "error",
      comment: "Domain code (lib/) knows nothing of the app, the Inngest functions or the scripts: enqueue work through lib/jobs.",
      from: { path: "^lib/" },
      to: { path: "^(app|inngest|scripts|components)/" },
    },
    {
      name: "signing-foundation-knows-no-workflow",
      severity: "error",
      comment:
        "PDF signing and the keys (lib/signing/pdf, lib/signing/keys) work on bytes and certificates: the workflow and the signing ceremony are built on them, so neither is reached from them, directly or through others.",
      from: { path: "^lib/signing/(pdf|keys)/" },
      to: { path: "^lib/(workflow|signing/(?!pdf/|keys/))", reachable: true },
    },
    {
      name: "domain-sends-events",
      severity: "error",
      comment:
        "Domain code starts background work by sending a catalogue event (lib/jobs/send-event.ts). The job definitions, their registry and the embedded runner import domain code, and only the entry points install and start them.",
      from: { path: "^lib/", pathNot: "^lib/jobs/" },
      to: { path: "^lib/jobs/(definitions/|(registry|runner|run-job|schedule|emit-events|relay|install|runtime)\\.ts$)" },
    },
    {
      name: "db-stays-below-the-domain",
      severity: "error",
      comment:
        "lib/db holds the tables and the shapes their jsonb columns store (lib/db/json); the domain uses or maps those shapes, never the reverse. Its one import from the rest of lib/ is lib/env: the client opens the database the environment names.",
      from: { path: "^lib/db/" },
      to: { path: "^lib/", pathNot: "^lib/(db/|env\\.ts$)" },
    },
    {
      name: "components-stay-below-app",
      severity: "error",
      comment: "The design system is used by pages; it never imports a page or a route.",
      from: { path: "^components/" },
      to: { path: "^(app|inngest|scripts)/" },
    },
    {
      name: "client-stands-alone",
      severity: "error",
      comment: "sealpost/client is for integrators: it imports its generated schema and packages, nothing else of this repository.",
      from: { path: "^client/" },
      to: { path: "^(app|lib|inngest|scripts|components|tests|bench|e2e)/" },
    },
    {
      name: "cli-uses-the-client",
      severity: "error",
      comment: "The CLI talks to Sealpost through sealpost/client, as any integrator does: never through the domain code.",
      from: { path: "^cli/" },
      to: { path: "^(app|lib|inngest|scripts|components|tests|bench|e2e)/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves nowhere (mdast is a types-only package, from @types/mdast).",
      from: {},
      to: { couldNotResolve: true, pathNot: "^mdast$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.data)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
