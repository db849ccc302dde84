import { useTranslation } from 'react-i18next';
import { SettingsCard, TextSetting } from './settings-fields';

/** BMD NTCS: the client (Mandant) and the booking symbols of invoices and payments. */
export function BmdSection() {
  const { t } = useTranslation('export-settings');
  return (
    <SettingsCard id="export-bmd" title={t('bmd.title')} description={t('bmd.description')}>
      <TextSetting name="bmdClientNumber" label={t('bmd.clientNumber')} maxLength={20} />
      <TextSetting name="bmdInvoiceSymbol" label={t('bmd.invoiceSymbol')} hint={t('bmd.invoiceSymbolHint')} maxLength={3} />
      <TextSetting name="bmdPaymentSymbol" label={t('bmd.paymentSymbol')} hint={t('bmd.paymentSymbolHint')} maxLength={3} />
    </SettingsCard>
  );
}

/** RZL: the client the XML names. */
export function RzlSection() {
  const { t } = useTranslation('export-settings');
  return (
    <SettingsCard id="export-rzl" title={t('rzl.title')} description={t('rzl.description')}>
      <TextSetting name="rzlClientNumber" label={t('rzl.clientNumber')} maxLength={20} />
    </SettingsCard>
  );
}
