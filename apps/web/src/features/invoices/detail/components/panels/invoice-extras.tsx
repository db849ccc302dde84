import { useTranslation } from 'react-i18next';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { isInvoiceEditable } from '@kontor/domain/invoices/invoice-status';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useInvoiceComments } from '../../api/list-comments';
import { ActivityPanel } from './activity-panel';
import { AttachmentsPanel } from './attachments-panel';
import { CommentsPanel } from './comments-panel';

/** Attachments, comments and the history of an invoice, as tabs below the form. */
export function InvoiceExtras({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoice-detail');
  const comments = useInvoiceComments(invoice.id);
  return (
    <Tabs defaultValue="comments" className="rounded-lg border border-border bg-surface p-4">
      <TabsList aria-label={t('tabs.label')}>
        <TabsTrigger value="comments">{t('tabs.comments', { count: comments.data?.items.length ?? 0 })}</TabsTrigger>
        <TabsTrigger value="attachments">{t('tabs.attachments', { count: invoice.attachments.length })}</TabsTrigger>
        <TabsTrigger value="activity">{t('tabs.activity')}</TabsTrigger>
      </TabsList>
      <TabsContent value="comments">
        <CommentsPanel invoiceId={invoice.id} />
      </TabsContent>
      <TabsContent value="attachments">
        <AttachmentsPanel invoice={invoice} isEditable={isInvoiceEditable(invoice.status)} />
      </TabsContent>
      <TabsContent value="activity">
        <ActivityPanel invoiceId={invoice.id} currency={invoice.currency} />
      </TabsContent>
    </Tabs>
  );
}
