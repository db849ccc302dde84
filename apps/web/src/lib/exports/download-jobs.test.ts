import { describe, expect, it } from 'vitest';
import type { DownloadJob } from '@kontor/domain/exports/export-api';
import { DOWNLOAD_JOBS_POLL_MS, downloadJobsRefetchInterval, findFinishedJobs } from './download-jobs';

function job(id: string, status: DownloadJob['status']): DownloadJob {
  return {
    id,
    kind: 'accounting_export',
    status,
    source: 'invoices',
    format: 'datev',
    type: 'csv',
    exportAgain: false,
    itemCount: 3,
    doneCount: status === 'processing' ? 1 : 3,
    bookingCount: null,
    missingDocumentCount: 0,
    fileName: null,
    fileSize: null,
    paymentRunNumber: null,
    createdAt: '2026-12-06T10:00:00.000Z',
    createdByName: 'Anna Admin',
    finishedAt: null,
    failureCode: status === 'failed' ? 'export_interrupted' : null,
  };
}

describe('the downloads panel list', () => {
  it('polls while a job runs and stops once none does', () => {
    expect(downloadJobsRefetchInterval({ items: [job('a', 'completed'), job('b', 'processing')] })).toBe(DOWNLOAD_JOBS_POLL_MS);
    expect(downloadJobsRefetchInterval({ items: [job('a', 'completed'), job('b', 'failed')] })).toBe(false);
    expect(downloadJobsRefetchInterval(undefined)).toBe(false);
  });

  it('names the jobs that were running and have ended, once', () => {
    const before = { items: [job('a', 'processing'), job('b', 'processing'), job('c', 'completed')] };
    const after = { items: [job('new', 'processing'), job('a', 'completed'), job('b', 'failed'), job('c', 'completed')] };
    expect(findFinishedJobs(before, after).map((item) => [item.id, item.status])).toEqual([
      ['a', 'completed'],
      ['b', 'failed'],
    ]);
    // The next answer has nothing new to announce; a first answer never announces.
    expect(findFinishedJobs(after, after)).toEqual([]);
    expect(findFinishedJobs(undefined, after)).toEqual([]);
  });
});
