import { ArrowDown, ArrowUp, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApprovalFlow, ApprovalFlowType } from '@kontor/domain/approvals/approval-flow';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { summarizeConditions, summarizeSteps } from '@/lib/approval-flow-summary';
import { useApprovalFlowSummaryTexts } from '@/lib/use-approval-flow-summary-texts';

interface FlowTypeTableProps {
  type: ApprovalFlowType;
  flows: ApprovalFlow[];
  costCenterLabel: (id: string) => string;
  onMove: (index: number, direction: -1 | 1) => void;
  isMoving: boolean;
  onEdit: (flow: ApprovalFlow) => void;
  onDelete: (flow: ApprovalFlow) => void;
}

/** The flows of one type in the order their conditions are tried, with move, edit and delete. */
export function FlowTypeTable({ type, flows, costCenterLabel, onMove, isMoving, onEdit, onDelete }: FlowTypeTableProps) {
  const { t } = useTranslation('approval-flows');
  const texts = useApprovalFlowSummaryTexts();
  const typeName = t(`types.${type}`);
  return (
    <section className="grid gap-2" aria-labelledby={`approval-flows-${type}`}>
      <h3 id={`approval-flows-${type}`} className="text-base font-semibold text-foreground">
        {typeName}
      </h3>
      {flows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          {t('list.emptyType', { type: typeName })}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-surface">
          <table className="w-full text-sm" aria-label={t('list.label', { type: typeName })}>
            <thead className="bg-muted/60 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('list.name')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('list.steps')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('list.conditions')}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t('list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {flows.map((flow, index) => (
                <tr key={flow.id} className="border-t border-border align-top" data-testid="approval-flow-row">
                  <td className="px-3 py-2 font-medium text-foreground">
                    <span className="flex flex-wrap items-center gap-2">
                      {flow.name}
                      {flow.isDefault ? <Badge tone="primary">{t('list.default')}</Badge> : null}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-muted-foreground">{summarizeSteps(flow.steps, texts)}</td>
                  <td className="px-3 py-2 text-muted-foreground">{summarizeConditions(flow, texts, costCenterLabel)}</td>
                  <td className="px-3 py-1.5 text-right whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="icon"
                      disabled={index === 0 || isMoving}
                      onClick={() => onMove(index, -1)}
                      aria-label={t('list.moveUp', { name: flow.name })}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      disabled={index === flows.length - 1 || isMoving}
                      onClick={() => onMove(index, 1)}
                      aria-label={t('list.moveDown', { name: flow.name })}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => onEdit(flow)}
                      aria-label={t('list.edit', { name: flow.name })}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      onClick={() => onDelete(flow)}
                      aria-label={t('list.delete', { name: flow.name })}
                    >
                      <Trash2 aria-hidden="true" className="text-danger" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
