import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/ui/loading-state';
import { loadPdfjs } from './load-pdfjs';
import { usePagedViewer } from './use-paged-viewer';
import { ViewerToolbar } from './viewer-toolbar';

/** Renders one page of a PDF into a canvas with pdf.js (page through, zoom, fit to width). */
export function PdfViewer({ url, openUrl }: { url: string; openUrl: string | undefined }) {
  const { t } = useTranslation('invoice-detail');
  const [document, setDocument] = useState<PDFDocumentProxy | null>(null);
  const { sourceUrl, hasFailed, setHasFailed, page, setPage, setZoom, setPageWidth, scrollRef, canvasRef, scale } =
    usePagedViewer(url);

  useEffect(() => {
    let isCurrent = true;
    let loaded: PDFDocumentProxy | null = null;
    loadPdfjs()
      .then((pdfjs) => pdfjs.getDocument({ url: sourceUrl }).promise)
      .then((pdf) => {
        loaded = pdf;
        if (isCurrent) setDocument(pdf);
        else void pdf.destroy();
      })
      .catch((error: unknown) => {
        console.error('[invoice] pdf could not be loaded', error);
        if (isCurrent) setHasFailed(true);
      });
    return () => {
      isCurrent = false;
      void loaded?.destroy();
    };
  }, [sourceUrl, setHasFailed]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!document || !canvas) return;
    let task: RenderTask | null = null;
    let isCurrent = true;
    void document.getPage(page).then((pdfPage) => {
      if (!isCurrent) return;
      setPageWidth(pdfPage.getViewport({ scale: 1 }).width);
      const viewport = pdfPage.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      task = pdfPage.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      task.promise.catch((error: unknown) => {
        if ((error as { name?: string }).name !== 'RenderingCancelledException')
          console.error('[invoice] page render failed', error);
      });
    });
    return () => {
      isCurrent = false;
      task?.cancel();
    };
  }, [document, page, scale, canvasRef, setPageWidth]);

  if (hasFailed) return <p className="p-6 text-sm text-danger">{t('document.loadFailed')}</p>;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <ViewerToolbar
        page={document ? { current: page, count: document.numPages, onChange: setPage } : undefined}
        scale={scale}
        onZoomChange={setZoom}
        originalUrl={openUrl}
      />
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto bg-muted p-2" data-testid="pdf-viewer">
        {document ? null : <LoadingState label={t('document.loading')} />}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('document.pageCanvas', { page })}
          className={document ? 'mx-auto block bg-white shadow' : 'hidden'}
        />
      </div>
    </div>
  );
}
