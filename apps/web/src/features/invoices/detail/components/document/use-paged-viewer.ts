import { useRef, useState } from 'react';
import { useElementWidth } from './use-element-width';
import type { Zoom } from './zoom';

/** Padding inside the scroll area, kept free when fitting the page to the width. */
const GUTTER = 16;

/**
 * What the PDF and TIFF viewers share: the page shown, the zoom ("fit" follows the pane's width
 * once the page's own width is known), the scroll area and the canvas. The signed address is
 * read once: a newer one for the same file must not reload the document.
 */
export function usePagedViewer(url: string) {
  const [sourceUrl] = useState(url);
  const [hasFailed, setHasFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<Zoom>({ kind: 'fit' });
  const [pageWidth, setPageWidth] = useState<number | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(scrollRef);
  const scale = zoom.kind === 'scale' ? zoom.value : pageWidth && width > GUTTER ? (width - GUTTER) / pageWidth : 1;
  return { sourceUrl, hasFailed, setHasFailed, page, setPage, setZoom, pageWidth, setPageWidth, scrollRef, canvasRef, scale };
}
