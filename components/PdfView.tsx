"use client";
import { useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { plural } from "@/lib/plural";
import { bidi } from "./bidi";
import styles from "./PdfView.module.css";

/** The width the pages are drawn for (the page's reading measure) before the device's pixel ratio. */
const DRAW_WIDTH = 640;

/** One pdf.js worker for the page's life, owned here: a document's destroy() must not end it while the next document uses it. */
let pdfWorker: import("pdfjs-dist").PDFWorker | null = null;

type Opened = { doc: PDFDocumentProxy; close: () => Promise<void>; TextLayer: typeof import("pdfjs-dist").TextLayer };

/**
 * pdf.js, loaded when a document is shown (never on the server: the library is for browsers here),
 * with its worker made from a file of our own build, so the page's CSP (worker-src 'self') allows it
 * and nothing is fetched from elsewhere.
 */
async function openPdf(bytes: Uint8Array): Promise<Opened> {
  const pdfjs = await import("pdfjs-dist");
  // The bundler copies the worker, a self-contained module, into our static files under a hashed name.
  pdfWorker ??= pdfjs.PDFWorker.create({
    port: new Worker(new URL("../node_modules/pdfjs-dist/build/pdf.worker.min.mjs", import.meta.url), { type: "module" }),
  });
  // Given as `worker`, it is not the task's to destroy: the template preview opens one document after another.
  // pdf.js transfers the buffer of the array it is given to its worker, leaving the array empty. It is
  // given a copy, so that bytes a caller keeps (the signing page's download) or hands again (React
  // runs an effect twice in development) are still the document.
  const task = pdfjs.getDocument({ data: bytes.slice(), enableXfa: false, worker: pdfWorker });
  return { doc: await task.promise, close: () => task.destroy(), TextLayer: pdfjs.TextLayer };
}

type State = { kind: "loading" } | { kind: "failed" } | { kind: "shown"; pages: number; opened: Opened };

/** What the viewer says, in the page's language: its status line and each page's name. */
export interface PdfViewWords {
  loading: string;
  failed: string;
  /** The status once drawn: the title and how many pages. */
  pages: (count: number) => string;
  /** A page's region name ("Page 1 of 3"). */
  page: (number: number, total: number) => string;
}

/** The console's words (English only, for now). */
const ENGLISH = (title: string): PdfViewWords => ({
  loading: "Loading the document…",
  failed: "The document could not be shown on this page.",
  pages: (count) => `${title}: ${plural(count, "page")}.`,
  page: (number, total) => `Page ${number} of ${total}`,
});

/**
 * A PDF drawn in the page with pdf.js: each page a canvas (a picture, hidden from screen readers)
 * under pdf.js's text layer, whose transparent text screen readers read, and which can be selected,
 * searched and copied. Pages are drawn for the reading measure at the screen's pixel ratio; a
 * narrower screen scales them down, and the text layer follows (--total-scale-factor).
 *
 * A new `load` (a new document: the signing page's next revision, the template preview's next
 * render) is drawn over the pages shown, each page painted at once when it is ready, so the pages do
 * not blank out in between; the latest `load` wins. Each page's holder says `data-drawn="true"` once
 * its canvas and text layer show the current document. `load` may hand out the same bytes each time
 * (a cache): the viewer never takes them from its caller. `words` are its texts in the page's
 * language (English by default).
 */
export function PdfView({
  load,
  title,
  onFailed,
  words = ENGLISH(title),
}: {
  load: () => Promise<Uint8Array | null>;
  title: string;
  onFailed?: () => void;
  words?: PdfViewWords;
}) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const current = useRef<Opened | null>(null);
  const pageRefs = useRef<Array<HTMLDivElement | null>>([]);
  // From a new `load` until its last page is drawn.
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    let gone = false;
    let opened: Opened | null = null;
    setBusy(true);
    (async () => {
      try {
        const bytes = await load();
        if (!bytes) throw new Error("the document could not be fetched");
        opened = await openPdf(bytes);
        if (gone) return void opened.close();
        current.current = opened;
        setState({ kind: "shown", pages: opened.doc.numPages, opened });
      } catch {
        if (!gone) setState({ kind: "failed" });
      }
    })();
    return () => {
      gone = true;
      if (current.current === opened) current.current = null;
      void opened?.close();
    };
  }, [load]);

  useEffect(() => {
    if (state.kind === "failed") onFailed?.();
  }, [state.kind, onFailed]);

  useEffect(() => {
    if (state.kind !== "shown") return;
    const { opened, pages } = state;
    const observer = new ResizeObserver((entries) => {
      for (const e of entries) {
        const el = e.target as HTMLElement;
        el.style.setProperty("--total-scale-factor", String(el.clientWidth / Number(el.dataset.width)));
      }
    });
    let gone = false;
    for (let i = 0; i < pages; i++) pageRefs.current[i]?.setAttribute("data-drawn", "false");
    (async () => {
      for (let i = 0; i < pages && !gone; i++) {
        const holder = pageRefs.current[i];
        if (!holder) continue;
        const page = await opened.doc.getPage(i + 1);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (DRAW_WIDTH * Math.min(2, window.devicePixelRatio || 1)) / base.width });
        // Drawn aside, then copied in one step: the page shown stays until the new one is ready.
        const aside = document.createElement("canvas");
        aside.width = Math.floor(viewport.width);
        aside.height = Math.floor(viewport.height);
        await page.render({ canvasContext: aside.getContext("2d")!, canvas: aside, viewport }).promise;
        if (gone) return;
        holder.dataset.width = String(base.width);
        holder.style.aspectRatio = `${base.width} / ${base.height}`;
        holder.style.setProperty("--total-scale-factor", String((holder.clientWidth || DRAW_WIDTH) / base.width));
        observer.observe(holder);
        const canvas = holder.querySelector("canvas")!;
        canvas.width = aside.width;
        canvas.height = aside.height;
        canvas.getContext("2d")!.drawImage(aside, 0, 0);
        // The text layer is transparent: replacing it shows nothing changing.
        const text = holder.querySelector<HTMLDivElement>(`.${styles.textLayer}`)!;
        text.replaceChildren();
        await new opened.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport: base }).render();
        if (gone) return;
        holder.dataset.drawn = "true";
      }
      if (!gone) setBusy(false);
    })().catch(() => {
      if (!gone && current.current === opened) setState({ kind: "failed" });
    });
    return () => {
      gone = true;
      observer.disconnect();
    };
  }, [state]);

  const pages = state.kind === "shown" ? state.pages : 0;
  return (
    <div className={styles.document} aria-busy={busy && state.kind !== "failed"}>
      <p role="status" className={styles.documentStatus}>
        {state.kind === "loading" ? words.loading : state.kind === "failed" ? words.failed : bidi(words.pages(pages))}
      </p>
      {Array.from({ length: pages }, (_, i) => (
        <section key={i} className={styles.pageFrame} aria-label={words.page(i + 1, pages)}>
          <div className={styles.page} ref={(el) => void (pageRefs.current[i] = el)} data-page={i + 1}>
            <canvas className={styles.canvas} aria-hidden="true" />
            <div className={styles.textLayer} />
          </div>
        </section>
      ))}
    </div>
  );
}
