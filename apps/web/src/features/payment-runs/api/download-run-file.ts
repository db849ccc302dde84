import { downloadFile } from '@/lib/download-file';
import { paymentRunPath } from './payment-run-keys';

/** GET /payment-runs/:id/file: the exported pain.001, byte for byte the file of the first export. */
export async function downloadRunFile(id: string, fallbackName: string): Promise<void> {
  await downloadFile(`${paymentRunPath(id)}/file`, { fallbackName });
}
