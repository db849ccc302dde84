import { CircleHelp, FileCode2, ScanText, TextSearch } from 'lucide-react';
import { useFormContext, useFormState, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ReadFieldMark } from '@kontor/domain/invoices/invoice-reading';
import { cn } from '@/lib/cn';
import { describeReadMark } from '../../model/reading-labels';
import type { InvoiceFormValues } from '../../model/invoice-form-values';
import { useReading } from './reading-context';

const ICONS = { xml: FileCode2, text: TextSearch, ocr: ScanText } as const;

/**
 * A small mark beside a label when reading the document filled the field: "Read from the
 * e-invoice", "Read from the PDF text — 92 % sure", "Read by OCR — please check"; or, when the
 * reader left the field empty on purpose, why ("Two different totals found — please enter it").
 * It goes away once the user changes the field.
 */
export function ReadMark({ name }: { name: string }) {
  const { fields, editedFields } = useReading();
  const mark = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!mark || editedFields.has(name)) return null;
  return <ReadMarkUnlessEdited name={name as FieldPath<InvoiceFormValues>} mark={mark} />;
}

function ReadMarkUnlessEdited({ name, mark }: { name: FieldPath<InvoiceFormValues>; mark: ReadFieldMark }) {
  const { t } = useTranslation('invoice-detail');
  const { control, getFieldState } = useFormContext<InvoiceFormValues>();
  const formState = useFormState({ control, name });
  if (getFieldState(name, formState).isDirty) return null;
  const described = describeReadMark(mark);
  // A field left empty on purpose says why ("two different totals found") instead of how sure.
  const text = mark.doubt
    ? t(`reading.doubts.${mark.doubt}`)
    : t(`reading.marks.${described.key}`, { percent: described.percent });
  const Icon = mark.doubt ? CircleHelp : ICONS[mark.source];
  return (
    <span
      data-testid={`read-mark-${name}`}
      data-source={mark.source}
      data-doubt={mark.doubt}
      data-sure={described.isSure}
      title={text}
      className={cn(
        'inline-flex items-center rounded-full p-0.5',
        described.isSure ? 'bg-success-background text-success' : 'bg-warning-background text-warning',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{text}</span>
    </span>
  );
}
