"use client";
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import SignaturePad from "signature_pad";
import { Button } from "@/components/Button";
import { Messages, Radios, TextInput, groupClass } from "@/components/Field";
import styles from "./sign.module.css";

export type MarkKind = "typed" | "drawn";

/**
 * The signer's mark: typed (their name, shown in a script style, as it will be drawn in their box)
 * or drawn on a pad with a mouse, finger or stylus. Typed is the first choice and always there, so a
 * keyboard or screen reader user signs without the pad. The drawn mark is sent as the pad's PNG.
 */
export function MarkInput({
  kind,
  onKind,
  text,
  onText,
  onDrawn,
  error,
}: {
  kind: MarkKind;
  onKind: (k: MarkKind) => void;
  text: string;
  onText: (t: string) => void;
  onDrawn: (png: string | null) => void;
  error?: string;
}) {
  const t = useTranslations();
  return (
    <>
      <Radios
        id="mark-kind"
        name="mark-kind"
        label={t("sign.mark.kindLegend")}
        options={[
          { value: "typed", label: t("sign.mark.typed") },
          { value: "drawn", label: t("sign.mark.drawn"), hint: t("sign.mark.drawnHint") },
        ]}
        selected={kind}
        onChange={(e) => onKind(e.target.value === "drawn" ? "drawn" : "typed")}
      />
      {kind === "typed" ? <TypedMark text={text} onChange={onText} error={error} /> : <DrawnMark onChange={onDrawn} error={error} />}
    </>
  );
}

function TypedMark({ text, onChange, error }: { text: string; onChange: (t: string) => void; error?: string }) {
  const t = useTranslations();
  return (
    <>
      <TextInput
        id="mark-text"
        name="mark-text"
        label={t("sign.mark.typedLabel")}
        hint={t("sign.mark.typedHint")}
        error={error}
        autoComplete="name"
        spellCheck={false}
        value={text}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className={styles.markPreviewLabel} id="mark-preview-label">
        {t("sign.mark.preview")}
      </p>
      <p className={styles.typedMark} aria-labelledby="mark-preview-label">
        {text.trim() || "\u00a0"}
      </p>
    </>
  );
}

/** signature_pad on a canvas sized to its box at the screen's pixel ratio. */
function DrawnMark({ onChange, error }: { onChange: (png: string | null) => void; error?: string }) {
  const t = useTranslations();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const c = canvas.current!;
    const p = new SignaturePad(c, { penColor: "#0b0c0c", minWidth: 0.8, maxWidth: 2.6 });
    pad.current = p;
    const done = () => changed.current(p.isEmpty() ? null : p.toDataURL("image/png").replace(/^data:image\/png;base64,/, ""));
    let drawnWidth = 0;
    // A new size (a phone turned, a window narrowed) keeps the strokes, stretched to the new width.
    const fit = () => {
      const ratio = Math.min(2, window.devicePixelRatio || 1);
      if (!c.offsetWidth || c.width === Math.round(c.offsetWidth * ratio)) return;
      const strokes = p.toData();
      const sx = drawnWidth ? c.offsetWidth / drawnWidth : 1;
      c.width = Math.round(c.offsetWidth * ratio);
      c.height = Math.round(c.offsetHeight * ratio);
      c.getContext("2d")!.scale(ratio, ratio);
      drawnWidth = c.offsetWidth;
      p.clear();
      if (strokes.length) {
        p.fromData(strokes.map((st) => ({ ...st, points: st.points.map((pt) => ({ ...pt, x: pt.x * sx })) })));
        done();
      }
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(c);
    p.addEventListener("endStroke", done);
    return () => {
      observer.disconnect();
      p.removeEventListener("endStroke", done);
      p.off();
    };
  }, []);

  const f = {
    id: "mark-pad",
    label: t("sign.mark.padLabel"),
    hint: t("sign.mark.padHint"),
    error,
  };
  return (
    <div className={groupClass(error)}>
      <label className={styles.padLabel} id="mark-pad-label" htmlFor="mark-pad">
        {f.label}
      </label>
      <Messages {...f} />
      <canvas
        id="mark-pad"
        ref={canvas}
        className={`${styles.pad} ${error ? styles.padInvalid : ""}`}
        role="img"
        aria-labelledby="mark-pad-label"
        aria-describedby={["mark-pad-hint", error ? "mark-pad-error" : ""].filter(Boolean).join(" ")}
        tabIndex={-1}
      />
      <Button
        variant="secondary"
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
      >
        {t("sign.mark.clear")}
      </Button>
    </div>
  );
}
