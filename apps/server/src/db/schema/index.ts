export * from './identity';
export * from './organizations';
export * from './platform';
export * from './master-data';
export * from './invoices';
export * from './approvals';
export * from './reading';
export * from './counterparty-trust';
