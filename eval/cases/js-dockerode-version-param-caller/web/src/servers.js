import { connectHost, serverLabel } from './docker/index.js';

const LEGACY_HOST = 'games-legacy.internal';

export const legacy = connectHost(LEGACY_HOST, 'v1.39');

export const label = serverLabel('survival', '2.1');
