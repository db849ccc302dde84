import { get, useFormContext } from 'react-hook-form';
import type { FlowFormValues } from '../model/flow-form';

/** The message at a path of the flow form (client rule or server fieldError), already translated. */
export function useFlowFieldError(name: string): string | undefined {
  const { formState } = useFormContext<FlowFormValues>();
  const error: unknown = get(formState.errors, name);
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, root } = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof message === 'string' && message) return message;
  return typeof root?.message === 'string' ? root.message : undefined;
}
