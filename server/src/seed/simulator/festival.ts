/**
 * The festival simulator: terminals of a festival driving the device API like real ones — ticket
 * validations and access through gates, top-ups at cash and card kiosks (plus online top-ups and
 * bonuses), bar sales with evening peaks, presence checks of staff, wristband replacements, refunds
 * on the last night, add-ons (loaded at validation, given by hand, sold by card) when the event has
 * some, devices that go offline and upload late, and batches re-sent after a lost
 * answer. Deterministic for a seed: the same seed yields the same operations (ids included), so a
 * second run on the same event only meets duplicates.
 */
import type { FeedTarget } from '../../modules/terminals';
import { makeAttendee } from './attendees';
import { batchesOf, numberOperations } from './batches';
import { setupFromConfig } from './config-setup';
import { HOUR, MINUTE } from './day';
import { dayOperations } from './day-operations';
import { applyIncidents, simGapTerminal, simSilentTerminal } from './fleet';
import type { SimulationOptions, SimulationReport } from './options';
import { prng } from './prng';
import { connectTerminals, type Fleet, heartbeats, sendingQueue, sendQueue } from './upload';
import { buildVenue } from './venue';

/** The last festival nights up to now: day 0 opens at 12:00 UTC, each night closes at 04:00 UTC. */
function defaultStart(days: number) {
  const now = Date.now();
  const lastClose = new Date(now);
  lastClose.setUTCHours(4, 0, 0, 0);
  if (lastClose.getTime() > now) lastClose.setUTCDate(lastClose.getUTCDate() - 1);
  return new Date(lastClose.getTime() - days * 24 * HOUR + 8 * HOUR);
}

/** Simulates the festival of `opts` against `target` (the device API or the sync service), day by day. */
export async function simulateFestival(
  target: FeedTarget,
  given: SimulationOptions,
): Promise<SimulationReport> {
  // The event's own places, staff, menus, zones and gates, as its terminals load them (the options
  // given explicitly win).
  const loaded = setupFromConfig(await target.eventConfig(given.eventId));
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const opts: SimulationOptions = { ...loaded, ...defined } as SimulationOptions;
  const seed = opts.seed ?? 2026;
  const rng = prng(seed);
  const log = opts.log ?? (() => {});
  const venue = buildVenue(opts.wristbands, seed, opts.staff, opts.presenceLocation, {
    bars: opts.bars,
    kitchens: opts.kitchens,
    metres: opts.metres,
    zones: opts.zones,
    roles: opts.roles,
    roleFlags: opts.roleFlags,
    gates: opts.gates,
    innerGate: opts.innerGate,
    kiosks: opts.kiosks,
    desk: opts.desk,
  });
  // Only what the event sells: made-up articles would be refused by the feed (issue 27 item 18).
  if (!opts.articles?.length && !opts.menus?.some((m) => m.items.length)) {
    throw new Error(
      `Event ${opts.eventId} has no articles with a price: give it some (Articles, Location menus) first`,
    );
  }
  const items = opts.articles?.length ? opts.articles : opts.menus!.flatMap((m) => m.items);
  const menus = new Map((opts.menus ?? []).map((m) => [m.location, m]));
  const everyMs = (opts.syncEveryMinutes ?? 5) * MINUTE;
  const kioskMs =
    (opts.kioskSyncEveryMinutes ?? Math.max(1, Math.round((opts.syncEveryMinutes ?? 5) / 5))) * MINUTE;
  const start = opts.start ? new Date(opts.start) : defaultStart(opts.days);
  start.setUTCHours(12, 0, 0, 0);

  // Register the terminals and authenticate them.
  const syncs = await connectTerminals(target, venue, opts.eventId, seed);
  log(`registered ${venue.terminals.length} terminals`);

  const people = Array.from({ length: opts.wristbands }, (_, n) =>
    makeAttendee(rng, n + 1, seed, venue.roles),
  );
  let spare = 0;
  const serialFor = () =>
    `05${(seed % 1000).toString(16).padStart(3, '0')}${(++spare).toString(16).padStart(9, '0')}`.toUpperCase();
  // Fleet health: each terminal numbers its operations (1, 2, 3…) and keeps the ban list it holds.
  const fleet: Fleet = {
    syncs,
    seqs: new Map(),
    banVersions: new Map(),
    oldApp: venue.terminals.find((t) => t.type === 'CARD_KIOSK'),
    onContact: opts.onContact,
  };
  const gapTerminal = opts.fleetIncidents ? simGapTerminal(venue.terminals) : undefined;
  const silentTerminal = opts.fleetIncidents ? simSilentTerminal(venue.terminals) : undefined;
  // The festival's last activity: the end of the last night (04:00, 16 h after a day opens) or `until`.
  const lastActivity = Math.min(
    opts.until?.getTime() ?? Number.POSITIVE_INFINITY,
    start.getTime() + (opts.days - 1) * 24 * HOUR + 16 * HOUR,
  );
  const silentFrom = lastActivity - 2 * HOUR;
  let gapMade = false;
  const report: SimulationReport = {
    devices: venue.terminals.length,
    operations: 0,
    batches: 0,
    resentBatches: 0,
    accepted: 0,
    duplicates: 0,
    refused: 0,
    flagged: 0,
    seconds: 0,
    sendSeconds: 0,
    operationsPerSecond: 0,
  };
  const began = performance.now();
  let sendingMs = 0;
  const deadline = opts.maxSeconds ? began + opts.maxSeconds * 1000 : Number.POSITIVE_INFINITY;

  for (let day = 0; day < opts.days && performance.now() < deadline; day++) {
    const dayStart = start.getTime() + day * 24 * HOUR;
    const all = dayOperations(
      rng,
      venue,
      people,
      dayStart,
      day === opts.days - 1,
      items,
      serialFor,
      opts.addons,
      menus,
      opts.story ? { attendee: opts.story, until: lastActivity - 5 * MINUTE } : undefined,
    );
    const until = opts.until?.getTime();
    const timed = until === undefined ? all : all.filter((x) => x.at <= until);
    const numbered = batchesOf(rng, venue, timed, everyMs, kioskMs);
    numberOperations(numbered, fleet.seqs);
    let batches = numbered;
    if (opts.fleetIncidents) {
      const applied = applyIncidents(numbered, silentFrom, gapTerminal, silentTerminal, !gapMade);
      batches = applied.kept;
      gapMade ||= applied.gapMade;
    }
    const queue = sendingQueue(rng, batches);
    await opts.onUpload?.('start');
    const t0 = performance.now();
    await sendQueue(queue, fleet, report, opts.concurrency ?? 4, deadline);
    sendingMs += performance.now() - t0;
    await opts.onUpload?.('end');
    log(
      `day ${day + 1}/${opts.days}: ${timed.length} operations in ${batches.length} batches (${report.accepted} accepted, ${report.duplicates} duplicates so far)`,
    );
  }
  // Fleet incidents: every terminal but the silent one still reports at the festival's last activity
  // (a heartbeat: a sync with no operations), as idle terminals do.
  if (opts.fleetIncidents && performance.now() < deadline) {
    await heartbeats(venue, fleet, silentTerminal, lastActivity);
  }
  report.seconds = (performance.now() - began) / 1000;
  report.sendSeconds = sendingMs / 1000;
  report.operationsPerSecond = Math.round(report.operations / Math.max(report.sendSeconds, 0.001));
  return report;
}
