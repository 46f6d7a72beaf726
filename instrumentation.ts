/**
 * Next.js start-up hook. The method guard goes in first; opening the database runs the migrations and
 * turns a bad configuration into an error at start rather than on the first request; then the
 * background work starts.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` may load this module while it prerenders; it must not take the database or run jobs.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // Every method reaches the routes, which answer what they lack with 405 (lib/http/method-guard).
  const { installMethodGuard } = await import("@/lib/http/method-guard");
  installMethodGuard();
  const { dbHandle } = await import("@/lib/db/client");
  const { installJobs } = await import("@/lib/jobs/install");
  const { startBackgroundWork } = await import("@/lib/jobs/runtime");
  const { warmRenderPool } = await import("@/lib/pdf/render-pool");
  try {
    installJobs();
    const { driver } = await dbHandle();
    console.log(`[startup] database ready (${driver})`);
    warmRenderPool();
    await startBackgroundWork();
  } catch (err) {
    console.error(`[startup] Sealpost cannot start: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  }
}
