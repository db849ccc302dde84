/**
 * The container element names of CII (D16B, ZUGFeRD 2.x/Factur-X/XRechnung) and of ZUGFeRD 1.0
 * (rsm:CrossIndustryDocument, urn:ferd:CrossIndustryDocument:invoice:1p0), the pre-EN 16931
 * CII dialect: same ram: leaves, other container names. cii.ts reads both with these maps.
 */

/** Container names per syntax (the leaves are the same ram: elements). */
export interface CiiContainers {
  context: string;
  header: string;
  transaction: string;
  agreement: string;
  delivery: string;
  settlement: string;
  summation: string;
  lineAgreement: string;
  lineDelivery: string;
  lineSettlement: string;
  lineSummation: string;
  /** Element holding the order number inside BuyerOrderReferencedDocument. */
  orderId: string;
}

export const CII_CONTAINERS: CiiContainers = {
  context: 'ExchangedDocumentContext',
  header: 'ExchangedDocument',
  transaction: 'SupplyChainTradeTransaction',
  agreement: 'ApplicableHeaderTradeAgreement',
  delivery: 'ApplicableHeaderTradeDelivery',
  settlement: 'ApplicableHeaderTradeSettlement',
  summation: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  lineAgreement: 'SpecifiedLineTradeAgreement',
  lineDelivery: 'SpecifiedLineTradeDelivery',
  lineSettlement: 'SpecifiedLineTradeSettlement',
  lineSummation: 'SpecifiedTradeSettlementLineMonetarySummation',
  orderId: 'IssuerAssignedID',
};

export const ZUGFERD1_NAMESPACE = 'urn:ferd:CrossIndustryDocument:invoice:1p0';

export const ZUGFERD1_CONTAINERS: CiiContainers = {
  context: 'SpecifiedExchangedDocumentContext',
  header: 'HeaderExchangedDocument',
  transaction: 'SpecifiedSupplyChainTradeTransaction',
  agreement: 'ApplicableSupplyChainTradeAgreement',
  delivery: 'ApplicableSupplyChainTradeDelivery',
  settlement: 'ApplicableSupplyChainTradeSettlement',
  summation: 'SpecifiedTradeSettlementMonetarySummation',
  lineAgreement: 'SpecifiedSupplyChainTradeAgreement',
  lineDelivery: 'SpecifiedSupplyChainTradeDelivery',
  lineSettlement: 'SpecifiedSupplyChainTradeSettlement',
  lineSummation: 'SpecifiedTradeSettlementMonetarySummation',
  orderId: 'ID',
};
