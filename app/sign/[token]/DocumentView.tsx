"use client";
import { useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { plural } from "@/lib/plural";
import styles from "./sign.module.css";

/** The width the pages are drawn for (the page's reading measure) before the device's pixel ratio. */
const DRAW_WIDTH = 640;

let worker: Worker | null = null;

/**
 * pdf.js, loaded when a document is shown (never on the server: the library is for browsers here),
 * with its worker made from a file of our own build, so the page's CSP (worker-src 'self') allows it
 * and nothing is fetched from elsewhere.
 */
async function openPdf(bytes: Uint8Array): Promise<{ doc: PDFDocumentProxy; close: () => Promise<void>; TextLayer: typeof import("pdfjs-dist").TextLayer }> {
  const pdfjs = await import("pdfjs-dist");
  // The bundler copies the worker, a self-contained module, into our static files under a hashed name.
  worker ??= new Worker(new URL("../../../node_modules/pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url), { type: "module" });
  pdfjs.GlobalWorkerOptions.workerPort = worker;
  const task = pdfjs.getDocument({ data: bytes, enableXfa: false });
  return { doc: await task.promise, close: () => task.destroy(), TextLayer: pdfjs.TextLayer };
}

/**
 * The document drawn in the page with pdf.js: each page a canvas (a picture, hidden from screen
 * readers) under pdf.js's text layer, whose transparent text screen readers read, and which can be
 * selected, searched and copied. Pages are drawn once, for the reading measure at the screen's pixel
 * ratio; a narrower screen scales them down, and the text layer follows (--total-scale-factor).
 */
export function DocumentView({ load, title, onFailed }: { load: () => Promise<Uint8Array | null>; title: string; onFailed?: () => void }) {
  const [state, setState] = useState<{ kind: "loading" } | { kind: "failed" } | { kind: "shown"; pages: number }>({ kind: "loading" });
  const pdf = useRef<Awaited<ReturnType<typeof openPdf>> | null>(null);
  const pageRefs = useRef<Array<HTMLDivElement | null>>([]);

  useEffect(() => {
    let gone = false;
    (async () => {
      try {
        const bytes = await load();
        if (!bytes) throw new Error("the document could not be fetched");
        const opened = await openPdf(bytes);
        if (gone) return void opened.close();
        pdf.current = opened;
        setState({ kind: "shown", pages: opened.doc.numPages });
      } catch {
        if (!gone) setState({ kind: "failed" });
      }
    })();
    return () => {
      gone = true;
      void pdf.current?.close();
      pdf.current = null;
    };
  }, [load]);

  useEffect(() => {
    if (state.kind === "failed") onFailed?.();
  }, [state.kind, onFailed]);

  const pages = state.kind === "shown" ? state.pages : 0;
  useEffect(() => {
    const opened = pdf.current;
    if (!opened || !pages) return;
    const observer = new ResizeObserver((entries) => {
      for (const e of entries) {
        const el = e.target as HTMLElement;
        el.style.setProperty("--total-scale-factor", String(el.clientWidth / Number(el.dataset.width)));
      }
    });
    let gone = false;
    (async () => {
      for (let i = 0; i < pages && !gone; i++) {
        const holder = pageRefs.current[i];
        if (!holder) continue;
        const page = await opened.doc.getPage(i + 1);
        const base = page.getViewport({ scale: 1 });
        holder.dataset.width = String(base.width);
        holder.style.aspectRatio = `${base.width} / ${base.height}`;
        holder.style.setProperty("--total-scale-factor", String((holder.clientWidth || DRAW_WIDTH) / base.width));
        observer.observe(holder);
        const canvas = holder.querySelector("canvas")!;
        const viewport = page.getViewport({ scale: (DRAW_WIDTH * Math.min(2, window.devicePixelRatio || 1)) / base.width });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvasContext: canvas.getContext("2d")!, canvas, viewport }).promise;
        const text = holder.querySelector<HTMLDivElement>(`.${styles.textLayer}`)!;
        text.replaceChildren();
        await new opened.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport: base }).render();
        holder.dataset.drawn = "true";
      }
    })().catch(() => !gone && setState({ kind: "failed" }));
    return () => {
      gone = true;
      observer.disconnect();
    };
  }, [pages]);

  return (
    <div className={styles.document}>
      <p role="status" className={styles.documentStatus}>
        {state.kind === "loading" ? "Loading the document…" : state.kind === "failed" ? "The document could not be shown on this page." : `${title}: ${plural(pages, "page")}.`}
      </p>
      {Array.from({ length: pages }, (_, i) => (
        <section key={i} className={styles.pageFrame} aria-label={`Page ${i + 1} of ${pages}`}>
          <div className={styles.page} ref={(el) => void (pageRefs.current[i] = el)} data-page={i + 1}>
            <canvas className={styles.canvas} aria-hidden="true" />
            <div className={styles.textLayer} />
          </div>
        </section>
      ))}
    </div>
  );
}
