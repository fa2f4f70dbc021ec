/** The console's events domain seen from its other features: the only file of it they may import. */
export { eventKeys, searchEvents, selectEvent } from './events/api';
