import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { Permission } from '@kontor/domain/permissions';
import { usePublicConfig, type DemoAccount } from '../api/get-public-config';

const PERMISSION_KEYS = {
  'payment_runs:manage': 'demo.permissions.paymentRuns',
  'bank_accounts:manage': 'demo.permissions.bankAccounts',
  'ar_invoices:manage': 'demo.permissions.receivables',
  'ap_invoices:manage': 'demo.permissions.payables',
  'team_members:manage': 'demo.permissions.team',
  'purchase_order:manage': 'demo.permissions.purchaseOrders',
} as const satisfies Record<Permission, string>;

/** "Admin in Demo GmbH", "User in Demo GmbH: manage supplier invoices", one line per organisation. */
function MembershipLines({ memberships }: Pick<DemoAccount, 'memberships'>) {
  const { t } = useTranslation('welcome');
  return memberships.map(({ organization, role, permissions }) => (
    <span key={organization} className="block">
      {role === 'admin'
        ? t('demo.membershipAdmin', { organization })
        : permissions.length === 0
          ? t('demo.membershipUser', { organization })
          : t('demo.membershipUserWith', {
              organization,
              permissions: permissions.map((permission) => t(PERMISSION_KEYS[permission])).join(', '),
            })}
    </span>
  ));
}

/** While the server runs with demo data, the accounts to try it with (SPEC §2 welcome page). */
export function DemoAccounts() {
  const { t } = useTranslation('welcome');
  const config = usePublicConfig();

  if (config.isPending) return <Spinner label={t('demo.loading')} />;
  if (config.isError) return <p className="text-sm text-muted-foreground">{t('demo.loadFailed')}</p>;
  const { demo, mailboxUrl } = config.data;
  if (!demo.enabled && !mailboxUrl) return null;

  return (
    <Card className="bg-surface/90">
      <CardHeader>
        <CardTitle>{t('demo.title')}</CardTitle>
        <CardDescription>{t('demo.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {demo.enabled ? (
          demo.users.length > 0 ? (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('demo.title')}</caption>
              <thead className="text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('demo.email')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('demo.role')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {demo.users.map((user) => (
                  <tr key={user.email}>
                    <td className="py-2 pr-4 font-mono text-xs break-all sm:text-sm sm:break-normal sm:whitespace-nowrap">
                      {user.email}
                    </td>
                    <td className="py-2 text-muted-foreground">
                      <MembershipLines memberships={user.memberships} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted-foreground">{t('demo.noUsers')}</p>
          )
        ) : null}
        {demo.enabled && demo.password ? (
          <p className="text-sm">
            {t('demo.password')} <code className="rounded bg-muted px-1.5 py-0.5 font-mono">{demo.password}</code>
          </p>
        ) : null}
        {mailboxUrl ? (
          <a href={mailboxUrl} className="inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
            <Mail aria-hidden="true" className="size-4" />
            {t('demo.mailbox')}
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}
