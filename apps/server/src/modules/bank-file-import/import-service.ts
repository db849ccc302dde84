import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { BankFileImport, BankFileImportKind } from '@kontor/domain';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { FileStorage } from '../../plugins/foundation-types';
import type { OrgContext } from '../../plugins/session';
import { tenant } from '../approvals/context';
import { findBankFileImport, insertBankFileImport, listBankFileImports, toBankFileImportView } from './import-repo';
import { receiveBankFile, type ReceiveOptions } from './receive-upload';

/** Queues the import job once its row is committed. */
export type EnqueueBankFileImport = (orgId: string, importId: string) => Promise<void>;

/** The screen shows the latest imports; older ones live on in the activity log. */
export const LISTED_IMPORTS = 20;

/**
 * Bank-file uploads (issue 7 item 5): the upload is checked and stored, a job does the import
 * (import-runner.ts), and this answers its progress.
 */
export class BankFileImportService {
  constructor(
    private readonly database: Database,
    private readonly storage: FileStorage,
    private readonly enqueue: EnqueueBankFileImport,
    private readonly maxBytes: number,
  ) {}

  /** `fixed`: a route that stands for one kind (bank statements), with its check of the file's head. */
  async upload(
    org: OrgContext,
    request: FastifyRequest,
    fixed?: Pick<ReceiveOptions, 'kind' | 'checkStatementHead'>,
  ): Promise<BankFileImport> {
    const id = randomUUID();
    const received = await receiveBankFile(request, {
      storage: this.storage,
      maxBytes: this.maxBytes,
      keyFor: () => `org/${org.orgId}/bank-file-imports/${id}.xml`,
      ...fixed,
    });
    let row;
    try {
      row = await this.database.withOrg(tenant(org), (tx) =>
        insertBankFileImport(tx, org.orgId, {
          id,
          kind: received.kind,
          format: received.format,
          fileName: received.fileName,
          fileKey: received.fileKey,
          fileSize: received.size,
          createdBy: org.userId,
        }),
      );
    } catch (error) {
      // Storage is not transactional: a file without its import row would never be read or deleted.
      await this.storage.delete(received.fileKey);
      throw error;
    }
    await this.enqueue(org.orgId, id);
    return toBankFileImportView(row);
  }

  /** `kinds`: the kinds the asking route may see (bank statements and payment files need other permissions). */
  async get(org: OrgContext, importId: string, kinds?: readonly BankFileImportKind[]): Promise<BankFileImport> {
    const row = await this.database.withOrg(tenant(org), (tx) => findBankFileImport(tx, org.orgId, importId), { readOnly: true });
    if (!row || (kinds && !kinds.includes(row.kind))) throw new AppError('bank_file_import_not_found');
    return toBankFileImportView(row);
  }

  async list(org: OrgContext, kinds: readonly BankFileImportKind[]): Promise<BankFileImport[]> {
    const rows = await this.database.withOrg(tenant(org), (tx) => listBankFileImports(tx, org.orgId, LISTED_IMPORTS, kinds), {
      readOnly: true,
    });
    return rows.map(toBankFileImportView);
  }
}
