import type { Workflow } from "@/lib/db/schema";
import { fileTitle } from "@/lib/file-title";
import { signsAfterSealing } from "@/lib/signing/signers/signers";

/**
 * The file name of a workflow's document: the title in safe characters, then what the file is. The
 * one place it is made, so the API's Content-Disposition, the console, delivery links, the portal's
 * download (which gets it in the bootstrap payload) and the signing page name each file the same way,
 * and a signed file never takes the name of the copy that was sent for signature.
 */
export const workflowFileName = (wf: Pick<Workflow, "title">, what: "sealed" | "for-signature" | "signed" | "certificate-of-completion") =>
  `${fileTitle(wf.title, "workflow")}-${what}.pdf`;

/** The finished document's name (GET …/sealed): signed by everyone where the workflow signs after sealing. */
export const sealedFileName = (wf: Pick<Workflow, "title" | "settings">) =>
  workflowFileName(wf, signsAfterSealing(wf) ? "signed" : "sealed");
