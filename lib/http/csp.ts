/**
 * Content-Security-Policy of Sealpost's responses. Pages get a fresh nonce per request (proxy.ts)
 * and run only scripts carrying it; everything else (API answers, documents) runs no script at all.
 * Styles keep 'unsafe-inline' because React style attributes need it; CSS cannot run code.
 */
const common = ["default-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:", "base-uri 'none'", "form-action 'self'"];

export function pageCsp(nonce: string, dev = process.env.NODE_ENV === "development"): string {
  // The development server's fast refresh evaluates code; production never does.
  const script = `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`;
  // Workers would fall back to script-src, where 'strict-dynamic' lets any script a trusted one
  // starts run: the signing page's pdf.js worker is a file of our own build, and nothing else may be one.
  return [...common, script, "worker-src 'self'", "object-src 'none'", "frame-ancestors 'none'"].join("; ");
}

/** API answers and files: no script, no plugin, no framing. */
export function resourceCsp(): string {
  return [...common, "script-src 'none'", "object-src 'none'", "frame-ancestors 'none'"].join("; ");
}
