/**
 * Statutory and exchange charges on Indian market orders: the one table to update when a
 * rate changes (a budget, an exchange circular). Every rate is a fraction of turnover
 * (qty × price; for options, qty × premium): 0.001 is 0.1 %.
 *
 * Rates as taken on 2026-11-24 (written from the published rates, not fetched):
 * - STT/CTT: Finance Act 2026 (Union Budget 2026-27, from 2026-04-01: equity futures 0.05 %,
 *   equity options 0.15 % of premium, sell side); cash and commodity rates unchanged.
 * - Exchange transaction charges: the flat per-segment charges NSE, BSE and MCX publish on
 *   their charges pages (in force since 2024-10-01).
 * - SEBI turnover fee: ₹10 per crore of turnover.
 * - Stamp duty: Indian Stamp Act schedule as amended from 2020-07-01 (buy side only).
 * - GST: 18 % on brokerage, exchange transaction charges and the SEBI fee.
 * Check these against the exchanges' current charge pages before each release.
 */

/** The kinds of trade the rates distinguish. */
export type ChargeClass =
  | 'equity-delivery'
  | 'equity-intraday'
  | 'equity-futures'
  | 'equity-options'
  | 'currency-futures'
  | 'currency-options'
  | 'commodity-futures'
  | 'commodity-options';

/** Rates of one class, each a fraction of turnover. */
export interface ClassRates {
  /** STT (equity) or CTT (commodity) on buys. */
  transactionTaxBuy: number;
  /** STT or CTT on sells. */
  transactionTaxSell: number;
  /** Stamp duty, charged on buys only. */
  stampDutyBuy: number;
}

/** The whole table: what `estimateCharges` reads. */
export interface ChargeRates {
  /** When the rates were taken (ISO date), shown beside the estimate. */
  takenOn: string;
  byClass: Record<ChargeClass, ClassRates>;
  /** Exchange transaction charges per exchange and class, both sides; absent: not traded there. */
  exchange: Record<'NSE' | 'BSE' | 'MCX', Partial<Record<ChargeClass, number>>>;
  /** SEBI turnover fee, both sides. */
  sebiFee: number;
  /** GST on brokerage + exchange charges + SEBI fee. */
  gst: number;
}

const pct = (n: number) => n / 100;

/** The rates in force; see the module comment for their sources. */
export const CHARGE_RATES: ChargeRates = {
  takenOn: '2026-11-24',
  byClass: {
    'equity-delivery': {
      transactionTaxBuy: pct(0.1),
      transactionTaxSell: pct(0.1),
      stampDutyBuy: pct(0.015),
    },
    'equity-intraday': {
      transactionTaxBuy: 0,
      transactionTaxSell: pct(0.025),
      stampDutyBuy: pct(0.003),
    },
    'equity-futures': {
      transactionTaxBuy: 0,
      transactionTaxSell: pct(0.05),
      stampDutyBuy: pct(0.002),
    },
    'equity-options': {
      transactionTaxBuy: 0,
      transactionTaxSell: pct(0.15),
      stampDutyBuy: pct(0.003),
    },
    'currency-futures': { transactionTaxBuy: 0, transactionTaxSell: 0, stampDutyBuy: pct(0.0001) },
    'currency-options': { transactionTaxBuy: 0, transactionTaxSell: 0, stampDutyBuy: pct(0.0001) },
    'commodity-futures': {
      transactionTaxBuy: 0,
      transactionTaxSell: pct(0.01),
      stampDutyBuy: pct(0.002),
    },
    'commodity-options': {
      transactionTaxBuy: 0,
      transactionTaxSell: pct(0.05),
      stampDutyBuy: pct(0.003),
    },
  },
  exchange: {
    NSE: {
      'equity-delivery': pct(0.00297),
      'equity-intraday': pct(0.00297),
      'equity-futures': pct(0.00173),
      'equity-options': pct(0.03503),
      'currency-futures': pct(0.00035),
      'currency-options': pct(0.0311),
    },
    BSE: {
      'equity-delivery': pct(0.00375),
      'equity-intraday': pct(0.00375),
      'equity-futures': 0,
      'equity-options': pct(0.0325),
    },
    MCX: {
      'commodity-futures': pct(0.0021),
      'commodity-options': pct(0.0418),
    },
  },
  sebiFee: pct(0.0001),
  gst: 0.18,
};
