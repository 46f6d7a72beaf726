"use client";
import { useEffect, useRef } from "react";

/** A page's h1 (tabIndex -1) takes focus when the page appears, so screen readers announce the new page. */
export function useHeadingFocus<T extends HTMLElement = HTMLHeadingElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
