import { ChevronLeft, ChevronRight, ExternalLink, Maximize2, ZoomIn, ZoomOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { zoomIn, zoomOut, type Zoom } from './zoom';

export interface ViewerToolbarProps {
  page?: { current: number; count: number; onChange: (page: number) => void };
  /** The scale now shown (fit resolves to a number too). */
  scale: number;
  onZoomChange: (zoom: Zoom) => void;
  originalUrl: string | undefined;
}

/** Page through, zoom in/out/fit and open the original file. */
export function ViewerToolbar({ page, scale, onZoomChange, originalUrl }: ViewerToolbarProps) {
  const { t } = useTranslation('invoice-detail');
  return (
    <div
      role="toolbar"
      aria-label={t('document.heading')}
      className="flex flex-wrap items-center gap-1 border-b border-border p-2"
    >
      {page ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('document.previousPage')}
            disabled={page.current <= 1}
            onClick={() => page.onChange(page.current - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <span className="min-w-24 text-center text-sm tabular-nums" aria-live="polite">
            {t('document.pageOf', { page: page.current, pages: page.count })}
          </span>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('document.nextPage')}
            disabled={page.current >= page.count}
            onClick={() => page.onChange(page.current + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </>
      ) : null}
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('document.zoomOut')}
        onClick={() => onZoomChange({ kind: 'scale', value: zoomOut(scale) })}
      >
        <ZoomOut aria-hidden="true" />
      </Button>
      <span className="min-w-14 text-center text-sm tabular-nums">
        {t('document.zoomLevel', { percent: Math.round(scale * 100) })}
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('document.zoomIn')}
        onClick={() => onZoomChange({ kind: 'scale', value: zoomIn(scale) })}
      >
        <ZoomIn aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" aria-label={t('document.fitWidth')} onClick={() => onZoomChange({ kind: 'fit' })}>
        <Maximize2 aria-hidden="true" />
      </Button>
      {originalUrl ? (
        <Button asChild variant="link" size="sm" className="ml-auto">
          <a href={originalUrl} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" />
            {t('document.openOriginal')}
          </a>
        </Button>
      ) : null}
    </div>
  );
}
