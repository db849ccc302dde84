import { describe, expect, it } from 'vitest';
import { counterpartyCopyUpdates, type CounterpartyCopies } from './counterparty-copies';

const OLD = { name: 'Alt GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', vatNumber: 'DE123456789' };
const NEW = { name: 'Neu AG', iban: 'DE02120300000000202051', bic: 'BYLADEM1001', vatNumber: 'DE987654321' };

/** The form's copies as choosing OLD left them (the IBAN grouped in fours, as the form shows it). */
const fromOld: CounterpartyCopies = {
  counterpartyName: 'Alt GmbH',
  counterpartyIban: 'DE89 3704 0044 0532 0130 00',
  counterpartyBic: 'COBADEFFXXX',
  counterpartyVat: 'DE123456789',
};

describe('counterpartyCopyUpdates: switching the counterparty', () => {
  it('replaces every detail that came from the previous counterparty: the payment must not go to its IBAN', () => {
    expect(counterpartyCopyUpdates(fromOld, OLD, NEW)).toEqual({
      counterpartyName: 'Neu AG',
      counterpartyIban: 'DE02 1203 0000 0000 2020 51',
      counterpartyBic: 'BYLADEM1001',
      counterpartyVat: 'DE987654321',
    });
  });

  it('keeps what the user typed over the previous counterparty’s details', () => {
    const typed = { ...fromOld, counterpartyName: 'Alt GmbH, Niederlassung Süd', counterpartyIban: 'DE75512108001245126199' };
    expect(counterpartyCopyUpdates(typed, OLD, NEW)).toEqual({
      counterpartyBic: 'BYLADEM1001',
      counterpartyVat: 'DE987654321',
    });
  });

  it('recognises the previous counterparty’s details however they are spelt', () => {
    const respelt = { ...fromOld, counterpartyIban: 'de89370400440532013000', counterpartyVat: 'DE 123.456.789' };
    expect(counterpartyCopyUpdates(respelt, OLD, NEW)).toMatchObject({
      counterpartyIban: 'DE02 1203 0000 0000 2020 51',
      counterpartyVat: 'DE987654321',
    });
  });

  it('empties a detail of the previous counterparty that the new one does not have', () => {
    expect(counterpartyCopyUpdates(fromOld, OLD, { ...NEW, iban: null, vatNumber: null })).toMatchObject({
      counterpartyIban: null,
      counterpartyVat: null,
    });
  });

  it('fills empty details and keeps ones read from the document when none was chosen before', () => {
    const read: CounterpartyCopies = {
      counterpartyName: 'Neu AG (Rechnung)',
      counterpartyIban: null,
      counterpartyBic: '',
      counterpartyVat: null,
    };
    expect(counterpartyCopyUpdates(read, null, NEW)).toEqual({
      counterpartyIban: 'DE02 1203 0000 0000 2020 51',
      counterpartyBic: 'BYLADEM1001',
      counterpartyVat: 'DE987654321',
    });
    // Nothing to fill from a new counterparty without the detail: an empty field stays as it is.
    expect(counterpartyCopyUpdates(read, null, { ...NEW, iban: null, bic: null, vatNumber: null })).toEqual({});
  });
});
