import type { RequirableInvoiceField, RequiredFieldSettings, RequirementLevel } from '../organization';
import { REQUIRABLE_INVOICE_FIELDS } from '../organization';
import { missingBaseInvoiceFields, type BaseRequiredInvoiceField } from './invoice-rules';

/** The approval stages at which configured fields become mandatory, in the order an invoice meets them. */
export const REQUIREMENT_STAGES = ['request_approval', 'first_approval', 'last_approval'] as const;
export type RequirementStage = (typeof REQUIREMENT_STAGES)[number];

/** A field an approval stage needs: one of SPEC §5's base fields or one the organisation configured. */
export type RequiredInvoiceField = BaseRequiredInvoiceField | RequirableInvoiceField;

/**
 * What an invoice holds for the base fields and each configurable field (SPEC §5: "a field can be
 * set as … required").
 */
export interface RequirableInvoiceValues {
  invoiceNumber: string | null;
  date: string | null;
  dueDate: string | null;
  currency: string | null;
  taxRate: number | null;
  totalAmount: number | null;
  counterparty: string | null;
  counterpartyName: string | null;
  counterpartyVat: string | null;
  purchaseOrder: string | null;
  billingPeriodStart: string | null;
  billingPeriodEnd: string | null;
  paymentTerms: string | null;
  costCenter: string | null;
  costCenter2: string | null;
  ledgerAccount: string | null;
  taxKeyId: string | null;
  remittanceInformation: string | null;
  notes: string | null;
  lineItems: readonly unknown[];
  attachmentCount: number;
  /** Split lines carry their own accounting: a field is present when every split line has it. */
  partialAmount: readonly {
    costCenter: string | null;
    costCenter2: string | null;
    ledgerAccount: string | null;
    taxKeyId: string | null;
  }[];
}

function hasField(values: RequirableInvoiceValues, field: RequirableInvoiceField): boolean {
  const onEverySplit = (key: 'costCenter' | 'costCenter2' | 'ledgerAccount' | 'taxKeyId') =>
    values[key] !== null || (values.partialAmount.length > 0 && values.partialAmount.every((split) => split[key] !== null));
  switch (field) {
    case 'counterparty':
      return values.counterparty !== null || Boolean(values.counterpartyName);
    case 'counterpartyVat':
      return Boolean(values.counterpartyVat);
    case 'purchaseOrder':
      return Boolean(values.purchaseOrder);
    case 'billingPeriod':
      return values.billingPeriodStart !== null && values.billingPeriodEnd !== null;
    case 'paymentTerms':
      return Boolean(values.paymentTerms);
    case 'costCenter':
      return onEverySplit('costCenter');
    case 'costCenter2':
      return onEverySplit('costCenter2');
    case 'ledgerAccount':
      return onEverySplit('ledgerAccount');
    case 'taxCode':
      return onEverySplit('taxKeyId');
    case 'remittanceInformation':
      return Boolean(values.remittanceInformation);
    case 'notes':
      return Boolean(values.notes);
    case 'lineItems':
      return values.lineItems.length > 0;
    case 'attachments':
      return values.attachmentCount > 0;
  }
}

/** A field configured for a stage is required at that stage and every later one. */
function isRequiredAt(level: RequirementLevel, stage: RequirementStage): boolean {
  if (level === 'not_required') return false;
  return REQUIREMENT_STAGES.indexOf(level) <= REQUIREMENT_STAGES.indexOf(stage);
}

/**
 * The fields an invoice still lacks before it can pass `stage`: the base fields at every stage (an
 * uploaded invoice may never have been saved, so the form's check may never have run), then the
 * configured ones.
 */
export function missingRequiredFields(
  values: RequirableInvoiceValues,
  settings: RequiredFieldSettings,
  stage: RequirementStage,
): RequiredInvoiceField[] {
  return [
    ...missingBaseInvoiceFields(values),
    ...REQUIRABLE_INVOICE_FIELDS.filter((field) => isRequiredAt(settings[field], stage) && !hasField(values, field)),
  ];
}

/** For each stage, what is still missing: shown on the invoice and enforced by the approval actions. */
export function requiredFieldsReport(
  values: RequirableInvoiceValues,
  settings: RequiredFieldSettings,
): Record<RequirementStage, RequiredInvoiceField[]> {
  return {
    request_approval: missingRequiredFields(values, settings, 'request_approval'),
    first_approval: missingRequiredFields(values, settings, 'first_approval'),
    last_approval: missingRequiredFields(values, settings, 'last_approval'),
  };
}
