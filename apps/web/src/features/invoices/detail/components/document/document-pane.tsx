import { FileX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@kontor/domain/invoices/invoice-schema';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { useInvoiceFileUrl } from '../../api/get-file-url';
import { ImageViewer } from './image-viewer';
import { PdfViewer } from './pdf-viewer';
import { TiffViewer } from './tiff-viewer';
import { isXmlDocument, XmlViewer } from './xml-viewer';

/**
 * The invoice's document beside the form: a PDF rendered with pdf.js, a TIFF scan decoded page by
 * page, another image, or an XML e-invoice as text.
 */
export function DocumentPane({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('invoice-detail');
  const document = invoice.document;
  const fileUrl = useInvoiceFileUrl(invoice.id, document?.id ?? null);

  let content;
  if (!document) content = <EmptyState icon={FileX} title={t('document.none')} headingLevel={3} className="m-4" />;
  else if (fileUrl.isPending) content = <LoadingState label={t('document.loading')} />;
  else if (fileUrl.isError) {
    content = (
      <ErrorState
        title={t('document.loadFailed')}
        error={fileUrl.error}
        onRetry={() => void fileUrl.refetch()}
        isRetrying={fileUrl.isFetching}
        className="m-4"
      />
    );
  } else if (isXmlDocument(document)) {
    content = <XmlViewer key={document.id} url={fileUrl.data.url} openUrl={fileUrl.data.url} />;
  } else if (document.contentType === 'application/pdf') {
    content = <PdfViewer key={document.id} url={fileUrl.data.url} openUrl={fileUrl.data.url} />;
  } else if (document.contentType === 'image/tiff') {
    content = <TiffViewer key={document.id} url={fileUrl.data.url} openUrl={fileUrl.data.url} />;
  } else content = <ImageViewer key={document.id} url={fileUrl.data.url} openUrl={fileUrl.data.url} />;

  return (
    <section
      aria-label={t('document.heading')}
      className="flex h-[50vh] min-h-0 flex-col overflow-hidden rounded-lg border border-border bg-surface lg:sticky lg:top-4 lg:h-[calc(100vh-7rem)]"
    >
      {content}
    </section>
  );
}
