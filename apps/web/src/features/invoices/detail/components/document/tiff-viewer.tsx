import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/ui/loading-state';
import { loadUtif } from './load-utif';
import { readTiff, type TiffDocument } from './tiff-pages';
import { usePagedViewer } from './use-paged-viewer';
import { ViewerToolbar } from './viewer-toolbar';

/** A TIFF scan, page by page, drawn into a canvas (browsers cannot show TIFF themselves), with the PDF viewer's toolbar. */
export function TiffViewer({ url, openUrl }: { url: string; openUrl: string | undefined }) {
  const { t } = useTranslation('invoice-detail');
  const [document, setDocument] = useState<TiffDocument | null>(null);
  const { sourceUrl, hasFailed, setHasFailed, page, setPage, setZoom, pageWidth, setPageWidth, scrollRef, canvasRef, scale } =
    usePagedViewer(url);

  useEffect(() => {
    let isCurrent = true;
    Promise.all([loadUtif(), fetch(sourceUrl)])
      .then(async ([utif, response]) => {
        if (!response.ok) throw new Error(`The document answered ${response.status}`);
        const tiff = readTiff(utif, await response.arrayBuffer());
        if (isCurrent) setDocument(tiff);
      })
      .catch((error: unknown) => {
        console.error('[invoice] tiff could not be loaded', error);
        if (isCurrent) setHasFailed(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [sourceUrl, setHasFailed]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!document || !canvas || !context) return;
    try {
      const shown = document.page(page - 1);
      canvas.width = shown.width;
      canvas.height = shown.height;
      context.putImageData(new ImageData(shown.rgba, shown.width, shown.height), 0, 0);
      setPageWidth(shown.width);
    } catch (error) {
      console.error('[invoice] tiff page could not be decoded', error);
      setHasFailed(true);
    }
  }, [document, page, canvasRef, setHasFailed, setPageWidth]);

  if (hasFailed) return <p className="p-6 text-sm text-danger">{t('document.loadFailed')}</p>;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <ViewerToolbar
        page={document && document.pageCount > 1 ? { current: page, count: document.pageCount, onChange: setPage } : undefined}
        scale={scale}
        onZoomChange={setZoom}
        originalUrl={openUrl}
      />
      <div ref={scrollRef} className="min-h-0 flex-1 overflow-auto bg-muted p-2" data-testid="tiff-viewer">
        {document ? null : <LoadingState label={t('document.loading')} />}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={t('document.pageCanvas', { page })}
          style={pageWidth ? { width: `${Math.floor(pageWidth * scale)}px` } : undefined}
          className={document ? 'mx-auto block bg-white shadow' : 'hidden'}
        />
      </div>
    </div>
  );
}
