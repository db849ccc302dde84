import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useNextToApprove } from '../../api/next-to-approve';

/**
 * On an invoice opened from "my approvals": the way on to the next one waiting for the viewer,
 * so an approver works through the queue without going back to the list each time. Nothing
 * while it loads or when nothing else waits; the list is one click away either way.
 */
export function NextToApproveLink({ invoiceId }: { invoiceId: string }) {
  const { t } = useTranslation('invoice-detail');
  const { slug = '', tab } = useParams();
  const isFromMyApprovals = tab === 'my-approvals';
  const next = useNextToApprove(invoiceId, isFromMyApprovals);
  if (!isFromMyApprovals || !next.data) return null;
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link to={`/${encodeURIComponent(slug)}/invoices/my-approvals/${next.data.id}`} data-testid="next-to-approve">
        {t('approval.next', { count: next.data.waiting })}
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}
