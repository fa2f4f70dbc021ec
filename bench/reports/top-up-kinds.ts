/**
 * The kinds of balance operation the load writes at the kiosks, the desk and the bars (every top-up,
 * bonus, add-on and refund code), with how often each comes and its amounts as SQL.
 */
import { hx } from './sql';

/**
 * One kind of balance operation of the kiosks, the desk and the bars (01-console §3 codes) and how
 * often it comes (per 1,000 top-up operations). Amounts are SQL over `g` (the row), `p.a` (a top-up
 * amount: 20, 30, 50 or 100, the larger ones more often) and the picked add-on (`p.addon_*`, `p.sell_*` for one with cash); each
 * follows the direction of its code (credits ≥ 0, debits ≤ 0) and the fee rule (a top-up's customer
 * pays amount + fee; a refund pays out |amount| − fee).
 */
export interface TopUpKind {
  type: string;
  per1000: number;
  pay: 'S' | 'T' | 'O' | null;
  amount: string;
  bonus: string;
  money: string;
  fee: string;
  place: 'kiosk' | 'desk' | 'bar';
  addon?: string;
  articles?: boolean;
  ref?: boolean;
  supervisor?: boolean;
}
/** The fee of a cash top-up at the kiosks: 0.50 on one in seven. */
const topUpFee = `case when ${hx('g', 3)} % 7 = 0 then 50 else 0 end`;
export const TOP_UP_KINDS: TopUpKind[] = [
  // Money loaded: cash and card at the kiosks (a bonus from 50), the card terminals, online top-ups loaded.
  {
    type: 'N',
    per1000: 410,
    pay: 'S',
    amount: 'p.a',
    bonus: 'case when p.a >= 5000 then 250 else 0 end',
    money: `p.a + ${topUpFee}`,
    fee: topUpFee,
    place: 'kiosk',
  },
  {
    type: 'N',
    per1000: 250,
    pay: 'T',
    amount: 'p.a',
    bonus: 'case when p.a >= 5000 then 250 else 0 end',
    money: 'p.a',
    fee: '0',
    place: 'kiosk',
  },
  {
    type: 'N-WA',
    per1000: 10,
    pay: 'S',
    amount: 'p.a',
    bonus: '0',
    money: 'p.a',
    fee: '0',
    place: 'kiosk',
    articles: true,
  },
  { type: 'T', per1000: 40, pay: 'T', amount: 'p.a', bonus: '0', money: 'p.a', fee: '0', place: 'kiosk' },
  {
    type: 'T-WA',
    per1000: 5,
    pay: 'T',
    amount: 'p.a',
    bonus: '0',
    money: 'p.a',
    fee: '0',
    place: 'kiosk',
    articles: true,
  },
  {
    type: 'O',
    per1000: 60,
    pay: 'O',
    amount: 'p.a',
    bonus: '0',
    money: '0',
    fee: '0',
    place: 'kiosk',
    ref: true,
  },
  {
    type: 'O-WA',
    per1000: 5,
    pay: 'O',
    amount: 'p.a',
    bonus: '0',
    money: '0',
    fee: '0',
    place: 'kiosk',
    ref: true,
    articles: true,
  },
  // A card top-up cancelled.
  { type: 'R-E', per1000: 10, pay: 'T', amount: '-p.a', bonus: '0', money: 'p.a', fee: '0', place: 'kiosk' },
  // Manual bonuses at the desk, with a supervisor.
  {
    type: 'M',
    per1000: 30,
    pay: null,
    amount: '0',
    bonus: '500',
    money: '0',
    fee: '0',
    place: 'desk',
    supervisor: true,
  },
  {
    type: 'M-E',
    per1000: 10,
    pay: null,
    amount: '1000',
    bonus: '0',
    money: '0',
    fee: '0',
    place: 'desk',
    supervisor: true,
  },
  {
    type: 'M-WA',
    per1000: 10,
    pay: null,
    amount: '0',
    bonus: '300',
    money: '0',
    fee: '0',
    place: 'desk',
    supervisor: true,
    articles: true,
  },
  {
    type: 'MC',
    per1000: 5,
    pay: null,
    amount: '0',
    bonus: '-200',
    money: '0',
    fee: '0',
    place: 'desk',
    supervisor: true,
  },
  // Add-ons: given by hand, sold at the kiosks (cash or card), bought from the balance at the bars.
  {
    type: 'AM',
    per1000: 15,
    pay: null,
    amount: 'p.addon_cash',
    bonus: 'p.addon_bonus',
    money: '0',
    fee: '0',
    place: 'desk',
    addon: 'p.addon_id',
  },
  {
    type: 'AM-WA',
    per1000: 3,
    pay: null,
    amount: 'p.addon_cash',
    bonus: 'p.addon_bonus',
    money: '0',
    fee: '0',
    place: 'desk',
    addon: 'p.addon_id',
    articles: true,
  },
  {
    type: 'AS',
    per1000: 10,
    pay: 'S',
    amount: 'p.sell_cash',
    bonus: 'p.sell_bonus',
    money: 'p.sell_cash',
    fee: '0',
    place: 'kiosk',
    addon: 'p.sell_id',
  },
  {
    type: 'AS-WA',
    per1000: 2,
    pay: 'S',
    amount: 'p.sell_cash',
    bonus: 'p.sell_bonus',
    money: 'p.sell_cash',
    fee: '0',
    place: 'kiosk',
    addon: 'p.sell_id',
    articles: true,
  },
  {
    type: 'AS-C',
    per1000: 10,
    pay: null,
    amount: '-1500',
    bonus: 'p.vip_bonus',
    money: '0',
    fee: '0',
    place: 'bar',
    addon: 'p.vip_id',
  },
  {
    type: 'AS-CC',
    per1000: 20,
    pay: 'T',
    amount: 'p.sell_cash',
    bonus: 'p.sell_bonus',
    money: 'p.sell_cash',
    fee: '0',
    place: 'kiosk',
    addon: 'p.sell_id',
  },
  // Refunds: full (a fee kept), partial, the tag deposit, an add-on sale taken back.
  {
    type: 'D',
    per1000: 60,
    pay: 'S',
    amount: '-(p.a / 2)',
    bonus: '0',
    money: 'p.a / 2 - 100',
    fee: '100',
    place: 'kiosk',
  },
  {
    type: 'DP',
    per1000: 20,
    pay: 'S',
    amount: '-1000',
    bonus: '0',
    money: '900',
    fee: '100',
    place: 'kiosk',
  },
  { type: 'D-T', per1000: 10, pay: 'S', amount: '-100', bonus: '0', money: '100', fee: '0', place: 'kiosk' },
  {
    type: 'D-SA',
    per1000: 5,
    pay: 'T',
    amount: '-p.sell_cash',
    bonus: '-p.sell_bonus',
    money: 'p.sell_cash',
    fee: '0',
    place: 'kiosk',
    addon: 'p.sell_id',
  },
];
