/**
 * Saves bytes the page already holds as a file: a link to a blob of them, clicked. The blob's address
 * is given back a minute later, once the browser has surely started the download.
 */
export function saveBytes(bytes: Uint8Array, fileName: string, type = "application/pdf"): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
