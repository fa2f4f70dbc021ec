/**
 * A top-up as the top-up point books it: the bonus and fee `topUpAmounts` gives (channel terminal,
 * this location and device, the wristband's next top-up number), the feed's operation (type N, paid
 * S cash or T card) and the balance it leaves, written to the outbox in one transaction. The
 * wristband's count of top-ups goes up with it, so a second top-up offline gets the bonuses and fees
 * of the second top-up, as the server would.
 */
import { topUpAmounts } from '@pulsera/contracts/catalogue/top-up-amounts';
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import type { BalanceRow, TerminalDb } from './db';
import { enqueue, operationHead } from './outbox';

/**
 * The amount buttons: at a kiosk (activity K) the event's kiosk buttons when the console set some (with
 * their description: Spanish, else English, the two the console holds), otherwise the terminal's presets.
 */
export const amountButtons = (config: DeviceConfig, locationId: number) => {
  const atKiosk = config.locations.find((l) => l.id === locationId)?.activities.includes('K');
  const kiosk = config.topUp.kioskButtons;
  if (atKiosk && kiosk.length) return kiosk;
  return config.topUp.presets.map((amount) => ({ amount, description: null }));
};

export interface TopUpPlace {
  config: DeviceConfig;
  locationId: number;
  deviceId: number;
}

/** The bonus, fee and gifts of `amount` cents on a wristband that has had `topUps` top-ups. */
export const amountsFor = (place: TopUpPlace, amount: number, at: Date, topUps: number) =>
  topUpAmounts(
    {
      amount,
      at,
      timeZone: place.config.event.timeZone,
      topUpNumber: topUps + 1,
      channel: 'terminal',
      locationId: place.locationId,
      deviceId: place.deviceId,
    },
    place.config.topUp.bonuses,
    place.config.topUp.fees,
  );

/** Writes the top-up and the balance it leaves; answers what the screen shows. */
export async function bookTopUp(
  db: TerminalDb,
  place: TopUpPlace,
  input: {
    known: BalanceRow;
    amount: number;
    paymentType: 'S' | 'T';
    staffId: number;
    codeCheck?: string;
    at?: Date;
  },
) {
  const at = input.at ?? new Date();
  const { known } = input;
  const a = amountsFor(place, input.amount, at, known.topUps ?? 0);
  const after = { cash: known.cash + a.amount, gift: known.gift + a.bonus };
  await enqueue(db, (seq) => ({
    operation: {
      kind: 'topup',
      ...operationHead(seq, at),
      rfid: known.serial,
      ...(input.codeCheck ? { codeCheck: input.codeCheck } : {}),
      staffId: input.staffId,
      locationId: place.locationId,
      type: 'N',
      paymentType: input.paymentType,
      amount: a.amount,
      bonus: a.bonus,
      money: a.money,
      fee: a.fee,
      articles: a.gifts,
    },
    balance: { ...known, ...after, topUps: (known.topUps ?? 0) + 1 },
  }));
  return { amount: a.amount, bonus: a.bonus, money: a.money, ...after };
}
