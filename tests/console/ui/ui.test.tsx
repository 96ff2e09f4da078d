import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CostLabel, costTooltip } from '../../../src/console/ui/CostLabel';
import { DateTime } from '../../../src/console/ui/DateTime';
import { HINT_ID, HintLayer } from '../../../src/console/ui/HintLayer';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  humanize,
  percentText,
  shiftDecimalPoint,
  subtractDecimals,
  toApiDateTime,
} from '../../../src/console/ui/format';
import { Money } from '../../../src/console/ui/Money';
import { StatusLabel, statusColor, statusTone } from '../../../src/console/ui/StatusLabel';

afterEach(cleanup);

// The app mounts one hint layer for every tooltip marked with data-hint (AppProviders).
const renderUi = (ui: ReactNode) =>
  render(
    <MantineProvider env="test">
      <HintLayer />
      {ui}
    </MantineProvider>,
  );

describe('formatNumber', () => {
  it('groups thousands with a space, for numbers and decimal strings', () => {
    expect(formatNumber(1234567.89)).toBe('1 234 567.89');
    expect(formatNumber('1234567.8900')).toBe('1 234 567.8900');
    expect(formatNumber(-1234)).toBe('-1 234');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('')).toBe('');
  });

  it('rounds decimal strings half away from zero without float error', () => {
    expect(formatNumber('0.125', { decimals: 2 })).toBe('0.13');
    expect(formatNumber('1.005', { decimals: 2 })).toBe('1.01'); // 1.005 as a float rounds to 1.00
    expect(formatNumber('999999.995', { decimals: 2 })).toBe('1 000 000.00');
    expect(formatNumber('-0.001', { decimals: 2 })).toBe('0.00');
    expect(formatNumber('12.5', { decimals: 3 })).toBe('12.500');
  });

  it('trims trailing zeros of the fraction on request', () => {
    expect(formatNumber('1500.5000', { trimFractions: true })).toBe('1 500.5');
    expect(formatNumber('1500.0000', { trimFractions: true })).toBe('1 500');
    expect(formatNumber('1500.456', { decimals: 2, trimFractions: true })).toBe('1 500.46');
  });

  it('leaves text that is not a number as it is', () => {
    expect(formatNumber('n/a')).toBe('n/a');
  });
});

describe('formatMoney', () => {
  it('puts the currency symbol before the amount, after the sign', () => {
    expect(formatMoney('1234.5')).toBe('$1 234.50');
    expect(formatMoney(-20)).toBe('-$20.00');
    expect(formatMoney(undefined)).toBe('');
  });

  it("takes the record's currency: its sign, its place and its decimals", () => {
    expect(formatMoney('12.4', { currency: 'EUR' })).toBe('€12.40');
    expect(formatMoney('78667.6', { currency: 'RUB' })).toBe('₽78 667.60');
    expect(formatMoney('-1500', { currency: 'inr' })).toBe('-₹1 500.00');
    expect(formatMoney('1234.5', { currency: 'JPY' })).toBe('¥1 235');
    expect(formatMoney('0.5', { currency: 'USDT' })).toBe('0.50 USDT');
    expect(formatMoney('0.000123', { currency: 'BTC' })).toBe('0.00012300 BTC');
    expect(formatMoney('7', { currency: 'XYZ' })).toBe('7.00 XYZ');
  });

  it('keeps a unit price exact up to maxDecimals without trailing zeros past the currency', () => {
    expect(formatMoney('248.7000', { maxDecimals: 4 })).toBe('$248.70');
    expect(formatMoney('1.2345', { currency: 'EUR', maxDecimals: 4 })).toBe('€1.2345');
    expect(formatMoney('0.01256', { maxDecimals: 4 })).toBe('$0.0126');
    expect(formatMoney('3', { currency: 'JPY', maxDecimals: 4 })).toBe('¥3');
    expect(formatMoney('3.5', { currency: 'JPY', maxDecimals: 4 })).toBe('¥3.5');
  });

  it('writes exact decimal text, never through a float', () => {
    expect(formatMoney('90071992547409.99')).toBe('$90 071 992 547 409.99');
    expect(formatMoney('0.105')).toBe('$0.11');
    expect(formatMoney('1234.5', { whole: true })).toBe('$1 235');
  });
});

describe('subtractDecimals', () => {
  it('subtracts money exactly, without floats', () => {
    expect(subtractDecimals('316.59', '5')).toBe('311.59');
    expect(subtractDecimals('5', '316.59')).toBe('-311.59');
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('107.2500', '107.25')).toBe('0');
    expect(subtractDecimals('abc', '1')).toBe('');
  });
});

describe('percentages', () => {
  it('moves the decimal point as text, signs kept', () => {
    expect([
      shiftDecimalPoint('0.125', 2),
      shiftDecimalPoint('12.5', -2),
      shiftDecimalPoint('-0.05', 2),
      shiftDecimalPoint('-0.00', 2),
      shiftDecimalPoint('3', 2),
      shiftDecimalPoint('x', 2),
    ]).toEqual(['12.5', '0.125', '-5', '0', '300', '']);
  });

  it('reads a fraction as a percentage, rounded only when asked', () => {
    expect([
      percentText('0.1234'),
      percentText('0.1234', { decimals: 1 }),
      percentText('-0.0525', { decimals: 1 }),
      percentText(null),
      percentText(''),
    ]).toEqual(['12.34 %', '12.3 %', '-5.3 %', '—', '—']);
  });
});

describe('dates', () => {
  it("formats dates 'YYYY-MM-DD HH:mm' and date-only 'YYYY-MM-DD'", () => {
    expect(formatDateTime('2025-03-01T10:20:30Z', { utc: true })).toBe('2025-03-01 10:20');
    expect(formatDateTime('2025-03-01 10:20:30', { utc: true })).toBe('2025-03-01 10:20'); // naive API dates are UTC
    expect(formatDate('2025-03-01T10:20:30Z', { utc: true })).toBe('2025-03-01');
    expect(formatDateTime('2025-03-01')).toBe('2025-03-01');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime('2025-03-01T10:20:30Z')).toBe(dayjs('2025-03-01T10:20:30Z').format('YYYY-MM-DD HH:mm'));
  });

  it('sends dates as UTC year-month-day hour:minute:second', () => {
    expect(toApiDateTime('2025-03-01T10:20:30+02:00')).toBe('2025-03-01 08:20:30');
  });

  it('renders a <time> element, or a dash when empty', () => {
    renderUi(
      <>
        <DateTime value="2025-03-01T10:20:30Z" utc />
        <DateTime value={null} />
      </>,
    );
    const time = screen.getByText('2025-03-01 10:20');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2025-03-01T10:20:30.000Z');
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});

describe('StatusLabel', () => {
  it('gives user statuses success, warning and error colours', () => {
    expect([statusTone('active'), statusTone('frozen'), statusTone('deactivated')]).toEqual(['success', 'warning', 'error']);
    expect([statusColor('active'), statusColor('frozen'), statusColor('deactivated')]).toEqual(['green', 'yellow', 'red']);
  });

  it('knows every status of the spec, in words or snake_case', () => {
    const expected: Record<string, string> = {
      active: 'success',
      frozen: 'warning',
      deactivated: 'error',
      'in progress': 'progress',
      'in moderating': 'attention',
      completed: 'success',
      stopped: 'warning',
      canceled: 'error',
      paid: 'success',
      unpaid: 'attention',
      archived: 'neutral',
      scheduled: 'scheduled',
      pending: 'warning',
      approved: 'success',
      rejected: 'error',
      disabled: 'neutral',
      error: 'error',
    };
    for (const [status, tone] of Object.entries(expected)) expect(statusTone(status), status).toBe(tone);
    expect(statusTone('in_processing')).toBe('progress');
    expect(statusTone('in_moderation')).toBe('attention');
    expect(statusTone('inModeration')).toBe('attention');
    expect(statusTone('Cancelled')).toBe('error');
    expect(statusTone('unknown-status')).toBe('neutral');
  });

  it('shows a colour dot and humanised text by default, bold and disabled on request', () => {
    renderUi(<StatusLabel value="in_processing" bold />);
    const text = screen.getByText('In processing');
    expect(text).toHaveStyle({ fontWeight: '700' });
    expect(text.closest('[data-status]')).toHaveAttribute('data-tone', 'progress');
    cleanup();
    renderUi(<StatusLabel value="active" text="On" disabled />);
    expect(screen.getByText('On').closest('[data-status]')).toHaveAttribute('data-disabled', 'true');
  });

  it("shows a hint icon whose tooltip explains with type 'hint'", async () => {
    renderUi(<StatusLabel value="rejected" type="hint" hint="Rejected by the provider" />);
    await userEvent.hover(screen.getByLabelText('Rejected by the provider'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Rejected by the provider');
  });
});

describe('CostLabel and Money', () => {
  it('writes every decimal the server sent in the tooltip, with the sign', () => {
    expect(costTooltip('12.3456')).toBe('$12.3456');
    expect(costTooltip('1234.5')).toBe('$1 234.50');
    expect(costTooltip(5, 'EUR')).toBe('€5.00');
  });

  it('shows the cost with fixed decimals and the full value in its tooltip', async () => {
    renderUi(<CostLabel value="1234.5678" />);
    const label = screen.getByText('$1 234.57');
    await userEvent.hover(label);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('$1 234.5678');
  });

  it('shows the full value to keyboard users on focus, describes the cost by it, and hides on Escape and on leaving', async () => {
    renderUi(
      <>
        <CostLabel value="7.123" />
        <button type="button">Next</button>
      </>,
    );
    const label = screen.getByText('$7.12');
    await userEvent.tab();
    expect(label).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('$7.123');
    expect(label).toHaveAttribute('aria-describedby', HINT_ID);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(label).not.toHaveAttribute('aria-describedby');
    await userEvent.hover(label);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('$7.123');
    await userEvent.unhover(label);
    await userEvent.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it("shows a unit price in the record's currency and hides when empty on request", () => {
    renderUi(
      <>
        <CostLabel value="10.5000" currency="EUR" maxDecimals={4} />
        <CostLabel value="" hideEmpty />
        <CostLabel value={null} />
      </>,
    );
    expect(screen.getByText('€10.50')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(1);
  });

  it('renders money with the sign before the symbol and a dash when empty', () => {
    renderUi(
      <>
        <Money value="-5" signed />
        <Money value={undefined} />
      </>,
    );
    expect(screen.getByText('-$5.00')).toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});

describe('humanize', () => {
  it('turns keys into words', () => {
    expect(humanize('in_processing')).toBe('In processing');
    expect(humanize('totalItemsCount')).toBe('Total items count');
  });
});

describe('defaultCell', () => {
  it('shows ids as typed and other numbers grouped', async () => {
    const { defaultCell } = await import('../../../src/console/table/cells');
    expect(defaultCell(5000, 'id')).toBe('5000');
    expect(defaultCell(123456, 'order.id')).toBe('123456');
    expect(defaultCell(98765, 'externalId')).toBe('98765');
    expect(defaultCell(5000, 'quantity')).toBe(formatNumber(5000));
    expect(formatNumber(5000)).not.toBe('5000');
  });
});
