/** A workflow's approval history, change requests and exception: the shapes they are stored in. */
export type { ApprovalEntry, ApprovalException, ChangeRequest } from "@/lib/db/json/approval";
