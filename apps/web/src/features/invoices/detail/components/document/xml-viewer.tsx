import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingState } from '@/components/ui/loading-state';
import { prettyPrintXml } from '../../model/pretty-print-xml';

/** More than this is cut for display (a pre of many megabytes makes the page sluggish); the original stays whole. */
const MAX_SHOWN_CHARACTERS = 1_000_000;

async function fetchXmlText(url: string): Promise<string> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`The document answered ${response.status}`);
  return response.text();
}

export function isXmlDocument(document: { contentType: string; fileName: string }): boolean {
  const type = document.contentType.toLowerCase();
  return type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml') || /\.xml$/i.test(document.fileName);
}

/** An XML e-invoice (XRechnung UBL or CII) as indented text in a scrollable pane. */
export function XmlViewer({ url, openUrl }: { url: string; openUrl: string | undefined }) {
  const { t } = useTranslation('invoice-detail');
  const text = useQuery({ queryKey: ['xml-document', url], queryFn: () => fetchXmlText(url), staleTime: Infinity });
  const shown = useMemo(() => {
    if (!text.data) return null;
    const isCut = text.data.length > MAX_SHOWN_CHARACTERS;
    return { isCut, pretty: prettyPrintXml(isCut ? text.data.slice(0, MAX_SHOWN_CHARACTERS) : text.data) };
  }, [text.data]);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div role="toolbar" aria-label={t('document.heading')} className="flex items-center gap-2 border-b border-border p-2">
        <span className="text-sm text-muted-foreground">{t('document.xmlTitle')}</span>
        {openUrl ? (
          <Button asChild variant="link" size="sm" className="ml-auto">
            <a href={openUrl} target="_blank" rel="noreferrer">
              <ExternalLink aria-hidden="true" />
              {t('document.openOriginal')}
            </a>
          </Button>
        ) : null}
      </div>
      {text.isPending ? <LoadingState label={t('document.loading')} /> : null}
      {text.isError ? (
        <ErrorState
          title={t('document.loadFailed')}
          error={text.error}
          onRetry={() => void text.refetch()}
          isRetrying={text.isFetching}
          className="m-4"
        />
      ) : null}
      {shown ? (
        <>
          {shown.isCut ? (
            <p className="border-b border-border px-3 py-2 text-xs text-muted-foreground">{t('document.xmlCut')}</p>
          ) : null}
          <pre
            tabIndex={0}
            aria-label={t('document.xmlLabel')}
            data-testid="xml-document"
            className="min-h-0 flex-1 overflow-auto bg-muted/40 p-3 font-mono text-xs leading-relaxed whitespace-pre text-foreground"
          >
            {shown.pretty}
          </pre>
        </>
      ) : null}
    </div>
  );
}
