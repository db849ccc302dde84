import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { i18n, initI18n } from '@/lib/i18n';
import { deleteAndNotify } from './delete-dialog';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

describe('deleteAndNotify: deleting master data', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces('master-data');
  });
  beforeEach(() => vi.clearAllMocks());

  it('says in a toast what was deleted, as creating and editing do', async () => {
    const remove = vi.fn(async () => undefined);
    const deleted = i18n.t('master-data:delete.deleted', { name: '4711 Marketing' });
    expect(await deleteAndNotify(remove, deleted)).toBeNull();
    expect(remove).toHaveBeenCalledOnce();
    expect(toast.success).toHaveBeenCalledWith('4711 Marketing deleted.');
  });

  it('says so in German too', async () => {
    await i18n.changeLanguage('de');
    await i18n.loadNamespaces('master-data');
    expect(i18n.t('master-data:delete.deleted', { name: 'Bürokosten' })).toBe('Bürokosten gelöscht.');
    await i18n.changeLanguage('en');
  });

  it('hands a refusal back for the dialog to show, without a success toast', async () => {
    const inUse = new ApiError({ status: 409, code: 'master_data_in_use', message: 'Still used' });
    expect(await deleteAndNotify(() => Promise.reject(inUse), 'deleted')).toBe(inUse);
    expect(toast.success).not.toHaveBeenCalled();
  });
});
