import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { emptyCondition, type FlowFormValues } from '../model/flow-form';
import { ConditionFieldset } from './condition-fieldset';

const MAX_CONDITIONS = 10;

/** The conditions that pick this flow; all must hold. */
export function ConditionsEditor() {
  const { t } = useTranslation('approval-flows');
  const { control } = useFormContext<FlowFormValues>();
  const conditions = useFieldArray({ control, name: 'conditions' });
  const isDefault = useWatch({ control, name: 'isDefault' });

  return (
    <section aria-labelledby="flow-conditions-title" className="grid gap-4">
      <div className="grid gap-1">
        <h3 id="flow-conditions-title" className="text-base font-semibold text-foreground">
          {t('conditions.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('conditions.description')}</p>
      </div>
      {isDefault ? (
        <Alert tone="info">
          <p>{t('conditions.defaultHint')}</p>
        </Alert>
      ) : null}
      {conditions.fields.length === 0 ? <p className="text-sm text-muted-foreground">{t('conditions.empty')}</p> : null}
      {conditions.fields.map((field, index) => (
        <ConditionFieldset
          key={field.id}
          index={index}
          onKindChange={(kind) => conditions.update(index, emptyCondition(kind))}
          onRemove={() => conditions.remove(index)}
        />
      ))}
      <div>
        <Button
          variant="outline"
          onClick={() => conditions.append(emptyCondition('amount_above'))}
          disabled={conditions.fields.length >= MAX_CONDITIONS}
        >
          <Plus aria-hidden="true" />
          {t('conditions.add')}
        </Button>
      </div>
    </section>
  );
}
