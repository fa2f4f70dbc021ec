/** The console's catalogue domain seen from its other features: the only file of it they may import. */
export { listRols, rolKeys } from './rols/api';
