import { describe, expect, it } from 'vitest';
import { markedUpPrice } from '../../src/contract/providers/pricing';

/**
 * An import's proposed price, the one computation the server proposes with and the console shows and
 * sends: exact decimal text, rounded half up to 4 decimals at the end, never a float.
 */
describe('markedUpPrice', () => {
  it('adds the markup to the provider price in the panel currency', () => {
    expect(markedUpPrice('1.0000', '1', '0.3')).toEqual({ providerPrice: '1.0000', price: '1.3000' });
    expect(markedUpPrice('2.5', '1.08', '0.3000')).toEqual({ providerPrice: '2.7000', price: '3.5100' });
    expect(markedUpPrice('0.5', '1', '0')).toEqual({ providerPrice: '0.5000', price: '0.5000' });
  });

  it('is exact where a float is not', () => {
    // 0.3333 × 2 in floats is 0.6665999999999999; 0.1 × 3 is 0.30000000000000004.
    expect(markedUpPrice('0.3333', '1', '1').price).toBe('0.6666');
    expect(markedUpPrice('0.1', '1', '2').price).toBe('0.3000');
    expect(markedUpPrice('1234567.8901', '1', '0.125').price).toBe('1388888.8764');
  });

  it('rounds half up once, at the end, and takes markups over 100 %', () => {
    expect(markedUpPrice('0.00005', '1', '0').price).toBe('0.0001');
    expect(markedUpPrice('0.00004999', '1', '0').price).toBe('0.0000');
    expect(markedUpPrice('0.0123', '0.011', '0.5')).toEqual({ providerPrice: '0.0001', price: '0.0002' });
    expect(markedUpPrice('3', '1', '9.995').price).toBe('32.9850');
  });
});
