/**
 * The VAT category (UNCL 5305) of an outgoing line, from its rate and where the buyer sits, and
 * the exemption reason EN 16931 requires for anything but S and Z (BR-AE-10, BR-G-10): a 0 %
 * line to a business with a VAT ID in another EU country is reverse charge (AE, § 13b UStG /
 * Art. 196 VAT Directive); to a buyer outside the EU it is an export (G, § 4 Nr. 1a UStG);
 * otherwise it is zero rated (Z).
 */
import type { DocumentLanguage, OutgoingTaxCategory } from './outgoing-invoice';

const EU = new Set('AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '));

const REASONS = {
  AE: { code: 'VATEX-EU-AE', de: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)', en: 'Reverse charge' },
  G: { code: 'VATEX-EU-G', de: 'Steuerfreie Ausfuhr', en: 'Export outside the EU' },
} as const;

export interface TaxCategoryChoice {
  category: OutgoingTaxCategory;
  exemptionReason: string | null;
  exemptionReasonCode: string | null;
}

export function taxCategoryFor(
  rate: number,
  sellerCountry: string,
  buyer: { countryCode: string; vatId: string | null },
  language: DocumentLanguage,
): TaxCategoryChoice {
  if (rate > 0) return { category: 'S', exemptionReason: null, exemptionReasonCode: null };
  const abroad = buyer.countryCode !== sellerCountry;
  const category: OutgoingTaxCategory | null =
    abroad && EU.has(buyer.countryCode) && buyer.vatId ? 'AE' : abroad && !EU.has(buyer.countryCode) ? 'G' : null;
  if (!category) return { category: 'Z', exemptionReason: null, exemptionReasonCode: null };
  const reason = REASONS[category];
  return { category, exemptionReason: reason[language], exemptionReasonCode: reason.code };
}
