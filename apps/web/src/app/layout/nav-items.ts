import {
  Archive,
  ArrowLeftRight,
  Banknote,
  ChartColumn,
  FileOutput,
  FileText,
  HandCoins,
  Landmark,
  LayoutDashboard,
  ListChecks,
  Settings,
  ShoppingCart,
  Store,
  UsersRound,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { SCREENS, type ScreenDefinition } from '@kontor/domain/screens';
import type { TitleKey } from '../route-handle';

export interface NavItem {
  screen: ScreenDefinition;
  titleKey: TitleKey;
  icon: LucideIcon;
}

/** How each navigable screen of the domain's SCREENS list looks in the sidebar. */
const PRESENTATION: Record<string, { titleKey: TitleKey; icon: LucideIcon }> = {
  invoices: { titleKey: 'invoices', icon: FileText },
  'accounts-receivable': { titleKey: 'accountsReceivable', icon: HandCoins },
  transactions: { titleKey: 'transactions', icon: ArrowLeftRight },
  'transaction-dashboard': { titleKey: 'transactionDashboard', icon: LayoutDashboard },
  pr: { titleKey: 'paymentRuns', icon: Banknote },
  'bank-transactions': { titleKey: 'bankTransactions', icon: Landmark },
  counterparties: { titleKey: 'counterparties', icon: Store },
  'purchase-orders': { titleKey: 'purchaseOrders', icon: ShoppingCart },
  automations: { titleKey: 'automations', icon: Workflow },
  insights: { titleKey: 'insights', icon: ChartColumn },
  export: { titleKey: 'export', icon: FileOutput },
  archive: { titleKey: 'archive', icon: Archive },
  team: { titleKey: 'team', icon: UsersRound },
  onboarding: { titleKey: 'onboarding', icon: ListChecks },
  settings: { titleKey: 'settings', icon: Settings },
};

export const NAV_ITEMS: readonly NavItem[] = SCREENS.filter((screen) => screen.inNavigation).flatMap((screen) => {
  const presentation = PRESENTATION[screen.segment];
  return presentation ? [{ screen, ...presentation }] : [];
});
