export const recordBlobKey = (batchId: string, index: number) => `batches/${batchId}/records/${index}.pdf`;
export const combinedBlobKey = (batchId: string) => `batches/${batchId}/combined.pdf`;
export const bundleBlobKey = (batchId: string) => `batches/${batchId}/bundle.zip`;
