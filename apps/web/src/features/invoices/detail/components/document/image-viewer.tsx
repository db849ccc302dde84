import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewerToolbar } from './viewer-toolbar';
import type { Zoom } from './zoom';

/** An image document (PNG, JPEG, WebP …) with zoom; "fit" shows it at the pane's width. */
export function ImageViewer({ url, openUrl }: { url: string; openUrl: string | undefined }) {
  const { t } = useTranslation('invoice-detail');
  const [zoom, setZoom] = useState<Zoom>({ kind: 'fit' });
  // A file the browser cannot decode (or an expired address) says so instead of a broken image.
  const [hasFailed, setHasFailed] = useState(false);
  const scale = zoom.kind === 'scale' ? zoom.value : 1;
  if (hasFailed) return <p className="p-6 text-sm text-danger">{t('document.loadFailed')}</p>;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <ViewerToolbar scale={scale} onZoomChange={setZoom} originalUrl={openUrl} />
      <div className="min-h-0 flex-1 overflow-auto bg-muted p-2">
        <img
          src={url}
          alt={t('document.image')}
          onError={() => setHasFailed(true)}
          style={{ width: `${scale * 100}%`, maxWidth: 'none' }}
          className="mx-auto block bg-white shadow"
        />
      </div>
    </div>
  );
}
