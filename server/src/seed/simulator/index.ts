/**
 * The festival simulator (festival.ts): terminals of a festival driving the device API like real
 * ones, deterministic for a seed. The demo seed, `npm run simulate`, the benches and the tests reach
 * it here: the simulation, its options and report, the event's setup it reads, the demo's run, the
 * fleet's app release and incidents, and the seeded generator.
 */
export { simulateDemo } from './demo';
export {
  eventAccess,
  eventAddons,
  eventArticles,
  eventMenus,
  eventPresenceLocation,
  eventSalePlaces,
  eventStaff,
  eventTopUpPlaces,
  eventZones,
} from './event-setup';
export { simulateFestival } from './festival';
export { SIM_APP, SIM_OLD_APP, simGapTerminal, simSilentTerminal } from './fleet';
export type {
  SimAddon,
  SimGate,
  SimKitchen,
  SimMenu,
  SimRoles,
  SimulationOptions,
  SimulationReport,
  SimZones,
} from './options';
export { prng } from './prng';
