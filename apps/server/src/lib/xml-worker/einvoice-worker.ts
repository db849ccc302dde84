/**
 * Worker thread entry: reads e-invoice XML off the API's event loop (issue 55 item 3). A 19 MB
 * file takes the parser up to seconds; on the main thread every other request of the process
 * waited for it. Answers the reading, or the reading error's code and message.
 */
import { parentPort } from 'node:worker_threads';
import { isReadingError, readEInvoiceXml } from '@kontor/formats';
import type { WorkerRequest, WorkerResponse } from './einvoice-protocol';

parentPort?.on('message', ({ id, bytes }: WorkerRequest) => {
  let response: WorkerResponse;
  try {
    response = { id, ok: true, invoice: readEInvoiceXml(bytes) };
  } catch (error) {
    response = isReadingError(error)
      ? { id, ok: false, readingError: { code: error.code, message: error.message } }
      : { id, ok: false, internal: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
