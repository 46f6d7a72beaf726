"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Keeps a page showing work in progress current without reloading it: the server components are
 * rendered again (router.refresh) every `intervalMs` while `active`, keeping scroll, focus and
 * anything typed. The page stops asking once nothing on it is moving any more.
 */
export function AutoRefresh({ active, intervalMs = 1500 }: { active: boolean; intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      // A hidden tab does not need fresh figures; it catches up when shown again.
      if (document.visibilityState === "visible") router.refresh();
      timer = setTimeout(tick, intervalMs);
    };
    timer = setTimeout(tick, intervalMs);
    return () => clearTimeout(timer);
  }, [active, intervalMs, router]);
  return null;
}
