/** A sign before the amount: $ for dollars, the code otherwise. */
export const currencySign = (code: string) => (code === 'USD' ? '$' : code === 'EUR' ? '€' : `${code} `);
