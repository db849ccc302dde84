import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailImport, Invoice } from '@kontor/domain';
import { browser, createOrganizationWithAdmin, type TestOrganization } from './factories';
import { createTestApp, freePort, type TestApp } from './harness';
import { getInvoice, PDF_TYPE, READING_ENV, supplierInvoiceLines, textPdf } from './reading-fixtures';

const DOMAIN = 'import.kontor.test';

describe('e-mail import over SMTP', () => {
  let testApp: TestApp;
  let org: TestOrganization;
  let transport: nodemailer.Transporter;

  beforeAll(async () => {
    const port = await freePort();
    testApp = await createTestApp({
      env: { ...READING_ENV, SMTP_IMPORT_PORT: String(port), SMTP_IMPORT_HOST: '127.0.0.1', MAIL_DOMAIN: DOMAIN },
    });
    org = await createOrganizationWithAdmin(testApp, 'Mail Import GmbH');
    transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  });
  afterAll(async () => {
    transport.close();
    await testApp.close();
  });

  const get = <T>(url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: browser(org.admin.cookie) }).then((response) => response.json<T>());

  it('shows the organisation its import address', async () => {
    expect(await get('/api/invoices/import-address')).toEqual({ address: `${org.slug}@${DOMAIN}` });
  });

  it('turns each invoice attachment into an invoice with its e-mail origin, and lists the rest', async () => {
    const info = await transport.sendMail({
      from: 'Buchhaltung Lieferant <rechnung@lieferant.example>',
      to: `${org.slug}@${DOMAIN}`,
      subject: 'Rechnung RE-2024-117',
      text: 'Anbei unsere Rechnung.',
      attachments: [
        { filename: 'RE-2024-117.pdf', content: await textPdf(supplierInvoiceLines()), contentType: PDF_TYPE },
        { filename: 'AGB.txt', content: 'Allgemeine Geschäftsbedingungen', contentType: 'text/plain' },
      ],
    });
    expect(info.accepted).toEqual([`${org.slug}@${DOMAIN}`]);

    const imports = await get<{ items: EmailImport[] }>('/api/invoices/email-imports');
    expect(imports.items).toHaveLength(1);
    const [mail] = imports.items;
    expect(mail).toMatchObject({
      sender: 'rechnung@lieferant.example',
      subject: 'Rechnung RE-2024-117',
      rejected: [{ fileName: 'AGB.txt', reason: 'upload_unsupported_type' }],
    });
    expect(mail!.invoiceIds).toHaveLength(1);
    const invoiceId = mail!.invoiceIds[0]!;

    const list = await get<{ items: { id: string; ocrStatus: string }[] }>('/api/invoices?tab=new');
    expect(list.items.find((item) => item.id === invoiceId)?.ocrStatus).toBe('pending');
    await testApp.app.invoiceReading.reader.run({ orgId: org.id, invoiceId });
    const invoice: Invoice = await getInvoice(testApp, org.admin.cookie, invoiceId);
    expect(invoice.emailOrigin).toMatchObject({ sender: 'rechnung@lieferant.example', subject: 'Rechnung RE-2024-117' });
    expect(invoice).toMatchObject({ invoiceNumber: 'RE-2024-117', totalAmount: 119000, uploadedBy: null, ocrStatus: 'done' });

    const activity = await get<{ items: { action: string; actorType: string }[] }>(`/api/invoices/${invoiceId}/activity`);
    expect(activity.items).toContainEqual(expect.objectContaining({ action: 'email_import', actorType: 'system' }));
  });

  it('refuses mail for an unknown address with 550', async () => {
    await expect(
      transport.sendMail({ from: 'a@example.org', to: `nobody-here@${DOMAIN}`, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      transport.sendMail({ from: 'a@example.org', to: `${org.slug}@elsewhere.example`, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('refuses an oversized mail at the SMTP level with 552', async () => {
    const large = Buffer.alloc(26 * 1024 * 1024, 1);
    await expect(
      transport.sendMail({
        from: 'a@example.org',
        to: `${org.slug}@${DOMAIN}`,
        subject: 'too big',
        text: 'x',
        attachments: [{ filename: 'big.pdf', content: large, contentType: PDF_TYPE }],
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    const imports = await get<{ items: EmailImport[] }>('/api/invoices/email-imports');
    expect(imports.items.map((item) => item.subject)).not.toContain('too big');
  });
});

describe('e-mail import on a busy port', () => {
  it('starts Kontor without e-mail import when another program holds the port', async () => {
    const { createServer } = await import('node:net');
    const port = await freePort();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', () => resolve()));
    try {
      const testApp = await createTestApp({
        env: { SMTP_IMPORT_PORT: String(port), SMTP_IMPORT_HOST: '127.0.0.1', MAIL_DOMAIN: DOMAIN },
      });
      try {
        expect((await testApp.app.inject({ method: 'GET', url: '/api/ping' })).json()).toEqual({ pong: true });
      } finally {
        await testApp.close();
      }
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});
