import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, Resolver } from 'react-hook-form';
import { approvalFlowBodySchema, type ApprovalFlowBody } from '@kontor/domain/approvals/approval-flow';
import { translateFieldMessage, zodErrorOptions } from '@/lib/form-errors';
import type { FlowFormValues } from './flow-form';

const schemaResolver = zodResolver(approvalFlowBodySchema, zodErrorOptions);

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/**
 * The params a rule message needs, worked out again from the values: react-hook-form keeps only
 * the message code, not the params ("cannot exceed the {{count}} approvers").
 */
export function messageParams(path: readonly string[], values: FlowFormValues): Record<string, number> {
  const [root, index, field] = path;
  if (root === 'steps' && field === 'requiredApprovals') {
    return { count: values.steps[Number(index)]?.approverIds.length ?? 0 };
  }
  return {};
}

/** Rewrites every message of the error tree in place: rule codes become sentences. */
export function translateFlowErrors(node: unknown, values: FlowFormValues, path: string[] = []): void {
  if (typeof node !== 'object' || node === null) return;
  if (isFieldError(node)) node.message = translateFieldMessage(node.message, messageParams(path, values)) ?? node.message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type' || key === 'types') continue;
    translateFlowErrors(child, values, key === 'root' ? path : [...path, key]);
  }
}

/** zodResolver with the server's schema (ARCHITECTURE §3.1), speaking the interface language. */
export const flowFormResolver: Resolver<FlowFormValues, unknown, ApprovalFlowBody> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  translateFlowErrors(result.errors, values);
  return result;
};
