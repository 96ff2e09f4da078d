import { describe, expect, it } from 'vitest';
import { mapServerErrors, stripRowPrefix, valuePaths } from '../../../src/console/forms/mapServerErrors';

describe('mapServerErrors', () => {
  const knownPaths = ['name', 'translations.fr.name', 'services.2.discountPercent', 'rows.17.price', 'ordersIds', 'note'];

  it('places errors at any depth, snake_case keys on their camel-case fields', () => {
    const mapped = mapServerErrors(
      {
        'translations.fr.name': ['The name (French) is required.', 'Second message.'],
        'services.2.discount_percent': ['The discount may not be greater than 100.'],
      },
      { knownPaths },
    );
    expect(mapped).toEqual({
      fields: { 'translations.fr.name': 'The name (French) is required.', 'services.2.discountPercent': 'The discount may not be greater than 100.' },
      unplaced: {},
    });
  });

  it('renames by fieldMap (whole keys and prefixes) and sends keys without a field to the alert', () => {
    const mapped = mapServerErrors(
      { admin_note: ['Required.'], 'lines.2.discount_percent': ['Too big.'], coupon_code: ['The coupon code is taken.'], _: ['Nothing to save.'] },
      { fieldMap: { admin_note: 'note', lines: 'services' }, knownPaths },
    );
    expect(mapped.fields).toEqual({ note: 'Required.', 'services.2.discountPercent': 'Too big.' });
    expect(mapped.unplaced).toEqual({ coupon_code: 'The coupon code is taken.', _: 'Nothing to save.' });
  });

  it('maps import rows by index to their record and strips the row prefix under the field only', () => {
    const ids = [11, 12, 13, 17];
    const mapErrorKey = (key: string) => {
      const match = /^(\d+)\.(.+)$/.exec(key);
      return match ? `rows.${ids[Number(match[1])]}.${match[2]}` : null;
    };
    const mapped = mapServerErrors(
      { '3.price': ['Row 3: The price must be a number.'], '0.cost': ['Row 0: The cost is required.'] },
      { mapErrorKey, knownPaths },
    );
    expect(mapped.fields).toEqual({ 'rows.17.price': 'The price must be a number.' });
    // No field for the cost column: the alert keeps the row it is about.
    expect(mapped.unplaced).toEqual({ 'rows.11.cost': 'Row 0: The cost is required.' });
  });

  it('puts an item error of a list on the list field (a multi-select of ids)', () => {
    expect(mapServerErrors({ 'ordersIds.2': ['The selected order is invalid.'] }, { knownPaths }).fields).toEqual({
      ordersIds: 'The selected order is invalid.',
    });
  });

  it('keeps the first message that reaches a field', () => {
    expect(
      mapServerErrors({ discount_percent: ['From the snake key.'], discountPercent: ['From the camel key.'] }, { knownPaths: ['discountPercent'] }).fields,
    ).toEqual({
      discountPercent: 'From the snake key.',
    });
  });

  it('without known fields places every mapped key', () => {
    expect(mapServerErrors({ admin_note: ['Required.'], amount: ['Too big.'] }, { fieldMap: { admin_note: 'adminNote' } })).toEqual({
      fields: { adminNote: 'Required.', amount: 'Too big.' },
      unplaced: {},
    });
    expect(mapServerErrors(null)).toEqual({ fields: {}, unplaced: {} });
  });
});

describe('helpers', () => {
  it('strips only a leading row prefix', () => {
    expect(stripRowPrefix('Row 12: The price must be a number.')).toBe('The price must be a number.');
    expect(stripRowPrefix('The row 12: stays.')).toBe('The row 12: stays.');
  });

  it('lists every path of a value', () => {
    expect(valuePaths({ name: 'x', services: [{ price: '1' }], at: new Date(0), none: null })).toEqual([
      'name',
      'services',
      'services.0',
      'services.0.price',
      'at',
      'none',
    ]);
  });
});
