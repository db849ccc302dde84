import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';

interface MissingFieldsAlertProps {
  /** The organisation's required fields still empty (SPEC §5), as the server names them. */
  fields: readonly string[];
  /** Before what they are required: requesting approval, or the viewer's approval. */
  before: 'request' | 'approve';
  tone: 'info' | 'warning' | 'danger';
  testId: string;
}

/** Names the required fields an invoice still lacks, with the labels of the organisation's settings. */
export function MissingFieldsAlert({ fields, before, tone, testId }: MissingFieldsAlertProps) {
  const { t } = useTranslation('invoice-detail');
  const { t: tOrganization } = useTranslation('organization');
  if (fields.length === 0) return null;
  const names = fields
    .map((field) => tOrganization(`general.requiredFields.fields.${field}`, { defaultValue: field }))
    .join(', ');
  return (
    <Alert tone={tone} data-testid={testId}>
      <p>{t(before === 'request' ? 'states.missingForApproval' : 'states.missingToApprove', { fields: names })}</p>
    </Alert>
  );
}
