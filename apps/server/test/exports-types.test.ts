import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportFormat, ExportType } from '@kontor/domain';
import { readDatevFile } from '@kontor/formats';
import type { TestOrganization } from './factories';
import type { TestApp } from './harness';
import {
  exportFile,
  exportNow,
  readyInvoice,
  startExportTest,
  unzip,
  type ExportClient,
  type ExportMasterData,
} from './exports-fixtures';

const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

/**
 * Issue 58: each export type's contents, file by file: documents only, simple (bookings and
 * documents named by invoice number) and complete (with the index and DATEV's document.xml whose
 * GUIDs the bookings' Beleglink name).
 */
describe('export types, file by file (issue 58)', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let client: ExportClient;
  let master: ExportMasterData;

  beforeAll(async () => {
    ({ testApp, org, client, master } = await startExportTest('Belegarchiv GmbH'));
  });
  afterAll(async () => testApp.close());

  async function exportTwo(format: ExportFormat, type: ExportType) {
    const numbers = [`RE/${format}-${type}-1`, `RE/${format}-${type}-2`];
    const ids = [
      await readyInvoice(testApp, org, master, { invoiceNumber: numbers[0] }),
      await readyInvoice(testApp, org, master, { invoiceNumber: numbers[1] }),
    ];
    const job = await exportNow(testApp, org, client, { selection: { kind: 'invoices', invoiceIds: ids }, format, type });
    expect(job.status).toBe('completed');
    const entries = unzip(await exportFile(testApp, job.id));
    // Documents are named by invoice number, with what a file name cannot hold replaced.
    const documentNames = numbers.map((number) => `${number.replace(/\//g, '_')}.png`);
    return { ids, numbers, entries, documentNames };
  }

  it('documents only: the invoices’ documents named by invoice number, nothing else', async () => {
    const { entries, documentNames } = await exportTwo('datev', 'documents');
    expect(Object.keys(entries).sort()).toEqual([...documentNames].sort());
    for (const name of documentNames) expect(Buffer.from(entries[name]!).subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('simple: the booking file and the documents, without index or document.xml', async () => {
    const datev = await exportTwo('datev', 'simple');
    const bookingFile = Object.keys(datev.entries).find((name) => name.startsWith('EXTF_Buchungsstapel_'))!;
    expect(Object.keys(datev.entries).sort()).toEqual([bookingFile, ...datev.documentNames].sort());
    const records = readDatevFile(datev.entries[bookingFile]!).records;
    expect(records.map((record) => record['Belegfeld 1'])).toEqual(datev.numbers);
    // Not complete: no document links.
    expect(records.every((record) => !record.Beleglink)).toBe(true);

    const kontor = await exportTwo('kontor_csv', 'simple');
    const csvName = Object.keys(kontor.entries).find((name) => name.endsWith('.csv'))!;
    expect(Object.keys(kontor.entries).sort()).toEqual([csvName, ...kontor.documentNames].sort());
    const csv = text(kontor.entries[csvName]!);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    // Each row names its document as the archive holds it.
    for (const [index, number] of kontor.numbers.entries()) {
      const row = csv.split('\r\n').find((line) => line.includes(`;${number};`));
      expect(row, number).toContain(`;${kontor.documentNames[index]};`);
    }
  });

  it('complete: document.xml names each document with the GUID its booking links (BEDI), and the index lists them', async () => {
    const { entries, numbers, documentNames, ids } = await exportTwo('datev', 'complete');
    const bookingFile = Object.keys(entries).find((name) => name.startsWith('EXTF_Buchungsstapel_'))!;
    expect(Object.keys(entries).sort()).toEqual([bookingFile, ...documentNames, 'document.xml', 'index.csv'].sort());
    const records = readDatevFile(entries[bookingFile]!).records;
    const documentXml = text(entries['document.xml']!);
    expect(documentXml).toContain('xmlns="http://xml.datev.de/bedi/tps/document/v06.0"');
    for (const [index, number] of numbers.entries()) {
      const record = records.find((candidate) => candidate['Belegfeld 1'] === number)!;
      const guid = /^BEDI "([0-9a-f-]{36})"$/i.exec(record.Beleglink ?? '')?.[1];
      expect(guid, number).toBeDefined();
      const entry = new RegExp(`<document guid="${guid}"[^>]*>[\\s\\S]*?</document>`).exec(documentXml)?.[0];
      expect(entry, number).toContain(`<description>${number}</description>`);
      expect(entry).toContain(`name="${documentNames[index]}"`);
    }
    const index = text(entries['index.csv']!).split('\r\n');
    expect(index[0]).toContain('Invoice number;Counterparty;Invoice date;Total;Currency;Document');
    for (const [position, id] of ids.entries()) {
      expect(index.find((line) => line.endsWith(`;${id}`))).toContain(
        `${numbers[position]};Papier & Co. KG;2026-11-02;119,00;EUR;${documentNames[position]}`,
      );
    }
  });
});
