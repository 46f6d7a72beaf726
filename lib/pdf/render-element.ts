import { pdf } from "@react-pdf/renderer";
import type { ReactElement } from "react";

type DocumentElement = Parameters<typeof pdf>[0];

/**
 * A react-pdf element laid out to PDF bytes, leaving nothing behind. `renderToBuffer` leaks in a
 * busy render thread (a little every document, without bound over a large batch): React keeps each root on
 * its list of scheduled roots until its scheduler task runs, and that task waits for a turn of the
 * event loop, which piscina's thread never takes while tasks keep coming (it picks the next one up
 * synchronously). So the root is unmounted (react-pdf never does), dropping the fiber tree, and
 * the scheduler is given its turn before the bytes are returned.
 */
export async function renderElement(element: ReactElement): Promise<Uint8Array> {
  const instance = pdf(element as DocumentElement);
  try {
    const stream = await instance.toBuffer();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  } finally {
    // Rendering nothing unmounts; react-pdf's types only admit a document.
    instance.updateContainer(null as unknown as ReactElement);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
