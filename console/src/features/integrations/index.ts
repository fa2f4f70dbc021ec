/** The console's integrations domain seen from its other features: the only file of it they may import. */
export { enableTokens } from './sales-api/api';
