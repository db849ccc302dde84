import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { runInvoiceAction } from './run-invoice-action';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

const TEXTS = { failure: 'The invoice could not be approved.', reloaded: 'The latest version is shown now.' };
const stale = () => new ApiError({ status: 409, code: 'stale_version', message: 'Stale' });

describe('runInvoiceAction', () => {
  beforeEach(() => vi.clearAllMocks());

  it('toasts the success the answer tells and resolves true (the dialog may close and forget)', async () => {
    const reload = vi.fn(async () => undefined);
    const isDone = await runInvoiceAction(
      async () => ({ step: 2 }),
      { ...TEXTS, success: (answer) => `Now step ${answer.step}` },
      reload,
    );
    expect(isDone).toBe(true);
    expect(toast.success).toHaveBeenCalledWith('Now step 2');
    expect(reload).not.toHaveBeenCalled();
  });

  it('resolves false on a refusal, so that a dialog keeps what was typed (a cancel reason)', async () => {
    const refusal = new ApiError({ status: 409, code: 'invoice_action_refused', message: 'Refused' });
    const isDone = await runInvoiceAction(() => Promise.reject(refusal), { ...TEXTS, success: 'Cancelled.' }, vi.fn());
    expect(isDone).toBe(false);
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith(TEXTS.failure, expect.anything());
  });

  it('on a stale version loads the latest one first and says it is shown, so the retry can succeed', async () => {
    const reload = vi.fn(async () => undefined);
    const isDone = await runInvoiceAction(() => Promise.reject(stale()), { ...TEXTS, success: 'Approved.' }, reload);
    expect(isDone).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    expect(toast.warning).toHaveBeenCalledWith(TEXTS.failure, { description: TEXTS.reloaded });
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('falls back to the server’s message when the latest version cannot be loaded either', async () => {
    const reload = vi.fn(() => Promise.reject(new Error('offline')));
    await runInvoiceAction(() => Promise.reject(stale()), { ...TEXTS, success: 'Approved.' }, reload);
    expect(toast.warning).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith(TEXTS.failure, expect.anything());
  });
});
