export * from './transaction-status';
export * from './transaction-analysis';
export * from './transaction-from-invoice';
export * from './payment-run-strategy';
export { isSepaIdentifier, isSepaText, toSepaField, toSepaText } from './sepa-characters';
