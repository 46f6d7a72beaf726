import { tenantFolder } from "@/lib/blob/keys";

export const recordBlobKey = (tenantId: string, batchId: string, index: number) =>
  `${tenantFolder(tenantId)}/batches/${batchId}/records/${index}.pdf`;
export const combinedBlobKey = (tenantId: string, batchId: string) => `${tenantFolder(tenantId)}/batches/${batchId}/combined.pdf`;
export const bundleBlobKey = (tenantId: string, batchId: string) => `${tenantFolder(tenantId)}/batches/${batchId}/bundle.zip`;
