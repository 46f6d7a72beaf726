/**
 * Markdown for the OpenAPI document's descriptions (CommonMark, as OpenAPI renders it), written one
 * line a string so that the backticks of code spans need no escaping: `md("- one", "- two")`.
 */
export function md(...lines: string[]): string {
  return lines.join("\n");
}
