import { Worker } from 'node:worker_threads';
import { ReadingError, type ExtractedInvoice } from '@kontor/formats';
import type { WorkerRequest, WorkerResponse } from './einvoice-protocol';

interface Pending {
  resolve: (invoice: ExtractedInvoice) => void;
  reject: (error: Error) => void;
}

/**
 * Reads e-invoice XML in a worker thread, so that a large upload does not stall the process's
 * other requests (issue 55 item 3). One worker per process, started on first use and kept; the
 * documents queue in its message port. Built, the worker is dist/einvoice-worker.js beside the
 * server's chunks; from the TypeScript sources (tests, dev) it runs under tsx.
 */
export class EInvoiceXmlReader {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  read(xml: Uint8Array): Promise<ExtractedInvoice> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    // A copy is transferred: the caller keeps its buffer (it may still store it).
    const bytes = new Uint8Array(xml);
    return new Promise<ExtractedInvoice>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, bytes } satisfies WorkerRequest, [bytes.buffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const isSource = import.meta.url.endsWith('.ts');
    const url = new URL(isSource ? './einvoice-worker.ts' : './einvoice-worker.js', import.meta.url);
    // From the sources the worker registers tsx itself first (Node 20 does not pass loader hooks on).
    const worker = isSource
      ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`, {
          eval: true,
        })
      : new Worker(url);
    // An idle worker must not keep the process alive (tests, a stopping server).
    worker.unref();
    worker.on('message', (response: WorkerResponse) => this.settle(response));
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = null;
      if (this.pending.size > 0) this.failAll(new Error(`the e-invoice reader stopped (exit code ${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private settle(response: WorkerResponse): void {
    const pending = this.pending.get(response.id);
    if (!pending) return;
    this.pending.delete(response.id);
    if (response.ok) pending.resolve(response.invoice);
    else if ('readingError' in response) pending.reject(readingErrorOf(response.readingError));
    else pending.reject(new Error(response.internal));
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}

function readingErrorOf({ code, message }: { code: ReadingError['code']; message: string }): ReadingError {
  const error = new ReadingError(code);
  error.message = message;
  return error;
}

/** The process's reader: uploads and the reading job share it. */
export const einvoiceXmlReader = new EInvoiceXmlReader();
